import { eventItemEndpoints as e, type ItemFile } from '@portal/contract';
import { useState } from 'react';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { useWrite } from '../../../lib/api/mutation.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { shrinkPhoto } from '../../../lib/photos.ts';

/** The item dialog's photos: added one by one, shrunk on the phone first; deleted after a confirmation. */
export function useItemImages(eventId: number, id: number) {
  const write = useWrite();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      for (const file of files) {
        const body = new FormData();
        body.append('File', await shrinkPhoto(file));
        await write(e.addImage, { params: { eventId, id }, body });
      }
    } catch (error) {
      showErrorToast(error, 'The image could not be added');
    } finally {
      setUploading(false);
    }
  };

  const deleteImage = (file: ItemFile) =>
    openDeleteConfirm({
      onConfirm: async () => {
        try {
          await write(e.deleteImage, { params: { eventId, id, imageId: file.id } });
        } catch (error) {
          showErrorToast(error);
        }
      },
    });

  return { uploading, upload, deleteImage };
}
