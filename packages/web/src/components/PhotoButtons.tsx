import { Button, FileButton, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * "Take photo" opens the phone's camera (capture="environment", the back camera) and is offered where
 * the pointer is a finger; "Choose photo" opens the gallery or the file chooser, several at a time.
 * Both hand the chosen files on as they are; the caller shrinks them (lib/photos.ts).
 */
export function PhotoButtons({ onPhotos, loading }: { onPhotos: (files: File[]) => void; loading: boolean }) {
  const touch = useMediaQuery('(pointer: coarse)');
  return (
    <Group gap="xs">
      {touch && (
        <FileButton onChange={(file) => file && onPhotos([file])} accept={IMAGE_TYPES} capture="environment">
          {(props) => (
            <Button {...props} size="xs" leftSection={<IconCamera size={16} aria-hidden />} loading={loading}>
              Take photo
            </Button>
          )}
        </FileButton>
      )}
      <FileButton onChange={onPhotos} accept={IMAGE_TYPES} multiple>
        {(props) => (
          <Button {...props} size="xs" variant="default" leftSection={<IconPhotoPlus size={16} aria-hidden />} loading={loading}>
            Choose photo
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
