import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { eventItemMessages, type ItemsAdded } from '@portal/contract';

const SHOWN = 10;

/** The ids a series or an import left out, each with its reason (the first few, then how many more). */
function SkippedList({ skipped }: { skipped: ItemsAdded['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {`Skipped ${skipped.length}:`}
      </Text>
      <List size="sm" spacing={2}>
        {skipped.slice(0, SHOWN).map((item) => (
          <List.Item key={item.stampedId}>{item.reason}</List.Item>
        ))}
      </List>
      {skipped.length > SHOWN && <Text size="sm">{`and ${skipped.length - SHOWN} more`}</Text>}
    </Stack>
  );
}

/** After adding: how many were added, then which ids were skipped and why. */
export function addedText(result: ItemsAdded): string {
  const added = result.added === 0 ? eventItemMessages.nothingToAdd : eventItemMessages.addedMany(result.added, result.created);
  const reasons = result.skipped.slice(0, SHOWN).map((item) => item.reason);
  const more = result.skipped.length > SHOWN ? [`and ${result.skipped.length - SHOWN} more`] : [];
  return result.skipped.length ? `${added}. Skipped: ${[...reasons, ...more].join('; ')}` : added;
}

/**
 * Before a series or an import is sent: the server's dry run says how many ids are new and how many
 * already registered, and which it would skip; the person confirms. Resolves with their answer.
 */
export function confirmAdding(preview: ItemsAdded): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: preview.added === 0 ? eventItemMessages.nothingToAdd : `Add ${preview.added} item${preview.added === 1 ? '' : 's'}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">{eventItemMessages.previewMany(preview.created, preview.added - preview.created)}</Text>
          <SkippedList skipped={preview.skipped} />
        </Stack>
      ),
      labels: { confirm: 'Add', cancel: 'Cancel' },
      confirmProps: { disabled: preview.added === 0 },
      onConfirm: () => resolve(true),
      // Closing without confirming is a no (after a confirm this second answer is ignored).
      onClose: () => resolve(false),
    });
  });
}
