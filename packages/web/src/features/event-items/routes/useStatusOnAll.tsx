import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type EventItemEditorRow, eventItemMessages, type FitWarning, verdictMessages } from '@portal/contract';
import { useState } from 'react';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useSetStatusOnAll } from '../api.ts';
import { setAllText } from './editorHelpers.ts';

/** The editor's "Status on all items": the chosen status, and its confirmation before every item gets it. */
export function useStatusOnAll(
  eventId: number,
  statuses: { id: number; name: string }[],
  items: EventItemEditorRow[] | undefined,
  onWarnings: (warnings: FitWarning[]) => void,
) {
  const [allStatus, setAllStatus] = useState('');
  const setAll = useSetStatusOnAll();

  const confirmSetAll = () => {
    const status = statuses.find((s) => String(s.id) === allStatus);
    if (!status) return;
    modals.openConfirmModal({
      title: `Set ${status.name} on all items?`,
      children: <Text size="sm">{setAllText(items ?? [], status.name)}</Text>,
      labels: { confirm: 'Set on all', cancel: 'Cancel' },
      onConfirm: () =>
        setAll.mutate(
          { params: { eventId }, body: { statusId: status.id } },
          {
            onSuccess: (result) => {
              showSuccessToast(
                [
                  eventItemMessages.statusSetOnAll(result.updated, status.name, result.left),
                  result.skipped && verdictMessages.skipped(result.skipped),
                ]
                  .filter(Boolean)
                  .join('. '),
              );
              onWarnings(result.warnings);
            },
          },
        ),
    });
  };

  return { allStatus, setAllStatus, confirmSetAll, pending: setAll.isPending };
}
