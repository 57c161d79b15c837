import { ActionIcon, Alert, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { fileEndpoints, type ItemFile } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PhotoButtons } from '../../../components/PhotoButtons.tsx';
import { downloadUrl } from '../../../lib/api/download.ts';
import type { OfflineItem } from '../../offline/index.ts';

const fileIdOf = (file: ItemFile) => Number(file.url.split('/').pop());

/** One image: its link carries a single-use download token, fetched when shown; offline only its name shows. */
function ItemImage({ file, offline, onDelete }: { file: ItemFile; offline: boolean; onDelete?: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (offline) return;
    let live = true;
    void downloadUrl(fileEndpoints.download, { id: fileIdOf(file) }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [file, offline]);
  return (
    <Stack gap={4}>
      {src ? (
        <a href={src} target="_blank" rel="noreferrer" aria-label={`View ${file.fileName}`}>
          <Image src={src} alt={file.fileName} h={96} fit="cover" radius="sm" />
        </a>
      ) : offline ? (
        <Text size="xs" c="dimmed" h={96}>
          Shown when online
        </Text>
      ) : (
        <Skeleton h={96} />
      )}
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="xs" truncate>
          {file.fileName}
        </Text>
        {onDelete && (
          <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Delete ${file.fileName}`} onClick={onDelete}>
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
    </Stack>
  );
}

interface Props {
  files: ItemFile[];
  /** Photos taken offline, waiting on the device to be sent (decision 086). */
  waiting: OfflineItem['photos'];
  offline: boolean;
  /** Absent: no photo can be added (a signed-off event). */
  onPhotos?: (files: File[]) => void;
  uploading: boolean;
  /** Absent: images cannot be deleted here (signed off, or no network). */
  onDelete?: (file: ItemFile) => void;
  /** Why the last photo was not kept ('This device has no room for more photos…'). */
  refused: string | null;
}

/** The item dialog's images: those on the server, then those waiting on the device, and the photo buttons. */
export function ItemImages({ files, waiting, offline, onPhotos, uploading, onDelete, refused }: Props) {
  return (
    <div>
      <Group justify="space-between" mb="xs">
        <Text fw={500} size="sm">
          Images
        </Text>
        {onPhotos && <PhotoButtons onPhotos={onPhotos} loading={uploading} />}
      </Group>
      {refused && (
        <Alert color="red" variant="light" mb="xs" role="alert">
          {refused}
        </Alert>
      )}
      {files.length === 0 && waiting.length === 0 ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {files.map((file) => (
            <ItemImage key={file.id} file={file} offline={offline} onDelete={onDelete && (() => onDelete(file))} />
          ))}
          {waiting.map((photo) => (
            <Stack gap={0} key={photo.id}>
              <Image src={photo.url} alt={`${photo.fileName}, kept on this device`} h={96} fit="cover" radius="sm" mb={4} />
              <Text size="xs" truncate>
                {photo.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                Sent when online
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
