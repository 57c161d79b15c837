import { eventItemEndpoints as e, type ItemFile } from '@portal/contract';
import { useState } from 'react';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { useWrite } from '../../../lib/api/mutation.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { shrinkPhoto } from '../../../lib/photos.ts';

/**
 * The item dialog's photos: added one by one, shrunk on the phone first; deleted after a confirmation.
 * With `keep` (no network, or older changes still waiting: decision 086) each shrunk photo is kept on the
 * device instead; one refused for room stops the rest and says why (`refused`).
 */
export function useItemImages(eventId: number, id: number, keep?: (file: File) => Promise<string | null>) {
  const write = useWrite();
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    setUploading(true);
    setRefused(null);
    try {
      for (const file of files) {
        const shrunk = await shrinkPhoto(file);
        if (keep) {
          const why = await keep(shrunk);
          if (why) {
            setRefused(why);
            return;
          }
          continue;
        }
        const body = new FormData();
        body.append('File', shrunk);
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

  return { uploading, upload, deleteImage, refused };
}
