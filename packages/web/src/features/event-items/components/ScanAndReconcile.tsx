import { Badge, Button, Group, NativeSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type AddItemBody,
  type EventItemEditorRow,
  eventItemEndpoints,
  plural,
  reportEndpoints,
  type TypeStatus,
  verdictMessages,
} from '@portal/contract';
import { useEffect, useState } from 'react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { onScanResolved } from '../../offline/index.ts';
import { useImportItems, useUpdateItem } from '../api.ts';
import { reconcile, type SessionScan } from '../reconcile.ts';
import { splitByProposal } from '../verdictDraft.ts';
import { ScanChips } from './ScanChips.tsx';

const SHOWN = 20;

/** Up to 20 ids, then how many more. */
function IdList({ label, ids }: { label: string; ids: string[] }) {
  if (ids.length === 0) return null;
  const more = ids.length > SHOWN ? `, and ${ids.length - SHOWN} more` : '';
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {ids.slice(0, SHOWN).join(', ')}
      {more}
    </Text>
  );
}

interface Props {
  eventId: number;
  statuses: TypeStatus[];
  items: EventItemEditorRow[];
  /** Scans made offline are kept on the device (ScanChips). */
  keep?: (body: AddItemBody) => Promise<string | null>;
  queued?: boolean;
  /** The event this one was copied from (null: not a copy): its items may be the ones expected. */
  copiedFrom?: number | null;
}

/**
 * The Scan chips tab with its reconciliation (issue 29 part 3): with "Reconcile" on, the scans of this
 * session are compared with what was expected, the items in this event when reconciling began (a copy
 * with equipment), the items of the event it was copied from (preselected for a copy that had none when
 * reconciling began: a copy without equipment, decision 084) or the legs of a chosen mooring spread:
 * found, missing and unexpected, updated as
 * codes come in (a reader's burst is one scan per code, lib/keyboardScanner.ts). One action adds the
 * missing items that are not in the event and gives every missing item the chosen status.
 */
export function ScanAndReconcile({ eventId, statuses, items, keep, queued, copiedFrom = null }: Props) {
  const [on, setOn] = useState(false);
  const [source, setSource] = useState('event');
  // The event's items when reconciling began: items the scans add must not become expected.
  const [eventIds, setEventIds] = useState<string[]>([]);
  const [scans, setScans] = useState<SessionScan[]>([]);
  const [statusId, setStatusId] = useState('');
  const spreads = useEndpoint(reportEndpoints.mooringSpreads, {}, { enabled: on, meta: { toastErrors: false } });
  // The same query as that event's editor: offline it is what this page last loaded, if anything.
  const copied = useEndpoint(
    eventItemEndpoints.itemsForEdit,
    { params: { eventId: copiedFrom ?? 0 } },
    { enabled: on && copiedFrom !== null, meta: { toastErrors: false } },
  );
  // A chip the device did not know when scanned offline counts as unexpected by its code until sent;
  // the server's answer names its item, found or unexpected by its stamped id from then (decision 086).
  useEffect(
    () =>
      onScanResolved((resolved) => {
        if (resolved.eventId !== eventId) return;
        const code = resolved.code.toLowerCase();
        setScans((current) =>
          current.some((scan) => scan.stampedId === null && scan.code.toLowerCase() === code)
            ? current.map((scan) =>
                scan.stampedId === null && scan.code.toLowerCase() === code ? { ...scan, stampedId: resolved.stampedId } : scan,
              )
            : current,
        );
      }),
    [eventId],
  );
  const importItems = useImportItems();
  const update = useUpdateItem();
  const [busy, setBusy] = useState(false);

  const start = (value: boolean) => {
    setOn(value);
    setScans([]);
    setEventIds(items.map((item) => item.stampedId));
    setSource(copiedFrom !== null && items.length === 0 ? 'copy' : 'event');
  };
  const spread = source.startsWith('spread:') ? spreads.data?.spreads[Number(source.slice(7))] : undefined;
  const copiedIds = copied.data?.items.map((item) => item.stampedId) ?? [];
  const expected = spread ? spread.legs.flatMap((leg) => leg.stampedIds) : source === 'copy' ? copiedIds : eventIds;
  const result = reconcile(expected, scans);
  const status = statuses.find((s) => String(s.id) === statusId);

  const settleMissing = async () => {
    if (!status) return;
    const inEvent = new Map(items.map((item) => [item.stampedId.toLowerCase(), item]));
    const absent = result.missing.filter((id) => !inEvent.has(id.toLowerCase()));
    const present = result.missing.flatMap((id) => inEvent.get(id.toLowerCase()) ?? []).filter((item) => !item.anotherOwner);
    setBusy(true);
    try {
      if (absent.length)
        await importItems.mutateAsync({
          params: { eventId },
          query: { dryRun: 'false' },
          body: { stampedIds: absent, statusId: status.id },
        });
      // Items whose measurements propose another status keep theirs (docs/measurements.md "Recording").
      const { set, skipped } = splitByProposal(present, status.id);
      // One at a time, in the list's order: the server locks the event for each anyway.
      for (const item of set) await update.mutateAsync({ params: { eventId, id: item.id }, body: { statusId: status.id } });
      showSuccessToast(
        `${plural(result.missing.length - skipped.length, 'missing item')} now ${status.name}${absent.length ? ` (${absent.length} added)` : ''}${skipped.length ? `; ${verdictMessages.skipped(skipped.length)}` : ''}`,
      );
    } finally {
      setBusy(false);
    }
  };

  const confirmMissing = () => {
    if (!status) return;
    const absent = result.missing.filter((id) => !items.some((item) => item.stampedId.toLowerCase() === id.toLowerCase())).length;
    modals.openConfirmModal({
      title: `Give ${plural(result.missing.length, 'missing item')} the status ${status.name}?`,
      children: (
        <Text size="sm">
          {absent ? `${plural(absent, 'item')} not in this event ${absent === 1 ? 'is' : 'are'} added first. ` : ''}
          Items of another owner keep their status.
        </Text>
      ),
      labels: { confirm: 'Set status', cancel: 'Cancel' },
      onConfirm: () => void settleMissing().catch(() => {}),
    });
  };

  return (
    <Stack gap="sm">
      <ScanChips
        eventId={eventId}
        statuses={statuses}
        onScanned={on ? (scan) => setScans((current) => [...current, scan]) : undefined}
        keep={keep}
        queued={queued}
      />
      <Paper withBorder p="sm" role="region" aria-label="Reconciliation">
        <Group gap="md" align="flex-end">
          <Switch label="Reconcile" checked={on} onChange={(event) => start(event.currentTarget.checked)} />
          {on && (
            <NativeSelect
              label="Expected"
              value={source}
              onChange={(event) => setSource(event.currentTarget.value)}
              data={[
                { value: 'event', label: `The ${plural(eventIds.length, 'item')} in this event` },
                ...(copiedFrom !== null
                  ? [{ value: 'copy', label: `The ${plural(copiedIds.length, 'item')} of the event copied from` }]
                  : []),
                ...(spreads.data?.spreads ?? []).map((s, i) => ({ value: `spread:${i}`, label: `Mooring spread ${s.rig}` })),
              ]}
              w={260}
            />
          )}
          {on && (
            <Button variant="default" onClick={() => start(true)}>
              Start again
            </Button>
          )}
        </Group>
        {!on && (
          <Text size="sm" c="dimmed" mt="xs">
            Turn on to compare the chips you scan with the items expected: found, missing and unexpected.
          </Text>
        )}
        {on && (
          <Stack gap={6} mt="sm">
            {/* Filled and dark: light badges' coloured text is too pale on their background (WCAG AA). */}
            <Group gap="xs" aria-live="polite">
              <Badge variant="filled" color="dark" size="lg">{`Expected ${result.expected.length}`}</Badge>
              <Badge variant="filled" color="green.9" size="lg">{`Found ${result.found.length}`}</Badge>
              <Badge variant="filled" color="red.9" size="lg">{`Missing ${result.missing.length}`}</Badge>
              <Badge variant="filled" color="orange.9" size="lg">{`Unexpected ${result.unexpected.length}`}</Badge>
            </Group>
            <IdList label="Missing" ids={result.missing} />
            <IdList label="Unexpected" ids={result.unexpected} />
            <Group gap="xs" align="flex-end">
              <NativeSelect
                label="Status for missing items"
                value={statusId}
                onChange={(event) => setStatusId(event.currentTarget.value)}
                data={[{ value: '', label: 'Choose a status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
                w={220}
              />
              <Button disabled={!status || result.missing.length === 0} loading={busy} onClick={confirmMissing}>
                Add missing and set status
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
