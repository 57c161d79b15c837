import { Badge, Group, List, NativeSelect, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type AddItemBody,
  eventItemEndpoints,
  eventItemMessages,
  messages,
  SCAN_WINDOW_MS,
  type TypeStatus,
  userMessages,
} from '@portal/contract';
import { IconCheck, IconScan, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { useKeyboardScanner } from '../../../lib/keyboardScanner.ts';
import { readerOwnsKey } from '../../../lib/scanMode.ts';
import { useKeepAdded } from '../../offline/index.ts';
import type { SessionScan } from '../reconcile.ts';

interface ScanResult {
  key: number;
  code: string;
  ok: boolean;
  text: string;
}

/** What the scan log says of a failed scan: the server's message, but an unknown chip as the log has always said it. */
function scanFailure(code: string, error: unknown): string {
  if (!isApiError(error)) return String(error);
  const chipProblem = error.fieldErrors.chipId?.[0];
  // No item carries the chip ('No equipment found with chip {code}'), or the code is no chip code.
  if (chipProblem === messages.noEquipmentWithChip(code) || chipProblem === userMessages.chipCode) return messages.noEquipmentForChip(code);
  return error.message;
}

/** The item a refused scan named as already in this event ('{id} is already in this event'), else null. */
function alreadyInEvent(error: unknown): string | null {
  const suffix = eventItemMessages.alreadyInEvent('');
  const message = isApiError(error) ? error.fieldErrors.chipId?.[0] : undefined;
  return message?.endsWith(suffix) ? message.slice(0, -suffix.length) : null;
}

interface ScanChipsProps {
  eventId: number;
  statuses: TypeStatus[];
  /** While reconciling: each scan's item (or none), and a scan of an item already here is a find, not a failure. */
  onScanned?: (scan: SessionScan) => void;
  /**
   * Keeps a scan on the device to be sent later (features/offline, decision 083); answers the stamped id
   * of the chip's item when the device knows it (decision 084). Absent where nothing can be kept.
   */
  keep?: (body: AddItemBody) => Promise<string | null>;
  /** Scans are kept, not sent: offline, or earlier changes still wait (they go first). */
  queued?: boolean;
}

/**
 * Scan mode: while on, the page's keyboard belongs to the reader (decision 065), so a scan is read
 * whatever has focus and never types into a field; each chip it types (16 characters within 1300 ms,
 * codes in a burst separated by Enter, Tab or a comma, lib/keyboardScanner.ts) is sent as it is, one
 * request that adds the item carrying the chip with the chosen status (the type's default
 * preselected). Scans are sent one after another in the order they came, so a fast series of scans
 * adds each item once and in order, and a failed scan never stops the ones after it. Each outcome is
 * listed; failures are also toasted.
 */
export function ScanChips({ eventId, statuses, onScanned, keep, queued }: ScanChipsProps) {
  const [active, setActive] = useState(false);
  const [statusId, setStatusId] = useState<string>(() => String(statuses.find((s) => s.default)?.id ?? ''));
  const [results, setResults] = useState<ScanResult[]>([]);
  const queue = useRef(Promise.resolve());
  const counter = useRef(0);
  // Every area an add changes refreshes once scanning pauses, not after each scan: redrawing the
  // table between two scans would hold up the reader's keys. The scan log reports each outcome.
  const add = useEndpointMutation(eventItemEndpoints.add, { refreshWhenIdle: SCAN_WINDOW_MS, meta: { toastErrors: false } });
  // The rows are read again only once scanning pauses: each added item goes onto the device at once.
  const keepAdded = useKeepAdded();

  const handle = async (code: string) => {
    const key = ++counter.current;
    const report = (ok: boolean, text: string) => {
      setResults((current) => [{ key, code, ok, text }, ...current].slice(0, 20));
      if (!ok) notifications.show({ color: 'red', message: text });
    };
    const body = { chipId: code, statusId: statusId ? Number(statusId) : null };
    // Kept offline: a chip of an item the device holds counts as that item at once; another waits as
    // unknown and the server finds its item when the scan is sent.
    const kept = async (save: NonNullable<ScanChipsProps['keep']>) => {
      try {
        const stampedId = await save(body);
        report(true, `Kept on this device: ${code}${stampedId ? ` (${stampedId})` : ''}, sent when online`);
        onScanned?.({ code, stampedId });
      } catch {
        // The device refused the write (out of room): this scan is not kept, the next ones still try.
        report(false, `Not kept on this device (it may be out of room): ${code}`);
      }
    };
    if (keep && queued) return kept(keep);
    try {
      const { item } = await add.mutateAsync({ params: { eventId }, body });
      keepAdded(eventId, item);
      report(true, eventItemMessages.added(item.stampedId));
      onScanned?.({ code, stampedId: item.stampedId });
    } catch (error) {
      // The network dropped under this scan: kept like any offline scan (its key makes a resend harmless).
      if (keep && isApiError(error) && error.status === 0) return kept(keep);
      const present = alreadyInEvent(error);
      if (onScanned && present) report(true, `Found ${present}, already in this event`);
      else report(false, scanFailure(code, error));
      onScanned?.({ code, stampedId: present });
    }
  };

  useKeyboardScanner(
    ({ code }) => {
      queue.current = queue.current.then(() => handle(code));
    },
    { enabled: active, claims: readerOwnsKey },
  );

  return (
    <div>
      <Group gap="md" align="flex-end">
        <Switch
          size="md"
          label="Scan mode"
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
          thumbIcon={<IconScan size={12} />}
        />
        <NativeSelect
          label="Status for scanned items"
          value={statusId}
          onChange={(event) => setStatusId(event.currentTarget.value)}
          data={[{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
          w={220}
        />
        {active && (
          <Badge color="green" variant="light" size="lg">
            Ready to scan
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {active
          ? "Scan chips now: each scan adds its equipment to the end of the list. The keyboard is the reader's until scan mode is off."
          : 'Turn on scan mode, then scan chips with the reader.'}
      </Text>
      {results.length > 0 && (
        // The log role sits on a box around the list, so the list keeps its list semantics.
        <div role="log" aria-label="Scans">
          <List size="sm" mt="xs" spacing={2}>
            {results.map((result) => (
              <List.Item
                key={result.key}
                c={result.ok ? undefined : 'red.9'}
                icon={result.ok ? <IconCheck size={14} color="var(--mantine-color-green-9)" /> : <IconX size={14} />}
              >
                {result.text}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </div>
  );
}
