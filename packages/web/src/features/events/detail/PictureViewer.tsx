import { ActionIcon, Center, Group, Image, Loader, Modal, Text } from '@mantine/core';
import { type EventFile, fileEndpoints } from '@portal/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { scrollLock } from '../../../components/useNarrow.ts';
import { downloadUrl } from '../../../lib/api/download.ts';

interface PictureViewerProps {
  /** What the pictures show ('DL-2'); the dialog's title. */
  title: string;
  pictures: EventFile[];
  onClose: () => void;
}

/**
 * The item's images, one at a time with previous/next (arrow keys too). An <img> cannot send the
 * bearer header, so each picture loads through a single-use download token. It shows the image's
 * large rendition (2,560 px at most), never the original, which may be any size.
 */
export function PictureViewer({ title, pictures, onClose }: PictureViewerProps) {
  const [index, setIndex] = useState(0);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const picture = pictures[index];

  useEffect(() => {
    let current = true;
    setSrc(null);
    setFailed(false);
    downloadUrl(fileEndpoints.download, { id: picture.id }, { size: 'large' })
      .then((url) => current && setSrc(url))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [picture.id]);

  const step = (by: number) => setIndex((at) => (at + by + pictures.length) % pictures.length);
  const many = pictures.length > 1;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Pictures of ${title}`}
      size="lg"
      removeScrollProps={scrollLock}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') step(1);
        if (event.key === 'ArrowLeft') step(-1);
      }}
    >
      <Center mih={240} bg="gray.0" style={{ borderRadius: 4 }}>
        {failed ? (
          <Text c="red.8" role="alert">
            The picture could not be loaded
          </Text>
        ) : src ? (
          <Image src={src} alt={picture.fileName} fit="contain" mah="60vh" onError={() => setFailed(true)} />
        ) : (
          <Loader aria-label="Loading the picture" />
        )}
      </Center>
      <Group justify="space-between" mt="sm">
        <ActionIcon variant="default" aria-label="Previous picture" disabled={!many} onClick={() => step(-1)}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text size="sm" c="dimmed">
          {picture.fileName} ({index + 1} of {pictures.length})
        </Text>
        <ActionIcon variant="default" aria-label="Next picture" disabled={!many} onClick={() => step(1)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
    </Modal>
  );
}
