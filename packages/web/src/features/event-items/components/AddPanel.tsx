import { Paper, Tabs } from '@mantine/core';
import type { EventItemEditorRow, TypeStatus } from '@portal/contract';
import { IconFileImport, IconHash, IconListNumbers, IconScan } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { OfflineQueue } from '../../offline/index.ts';
import { ScanAndReconcile } from './ScanAndReconcile.tsx';

interface Props {
  eventId: number;
  statuses: TypeStatus[];
  items: EventItemEditorRow[];
  /** No network: only scans can be made (kept on the device, decision 083); the other tabs need the server. */
  offline: boolean;
  stampedId: ReactNode;
  series: ReactNode;
  importFile: ReactNode;
  /** Scans made offline are kept in it (decision 083). */
  queue: OfflineQueue;
  /** The event this one was copied from (null: not a copy), for the reconciliation's expected items. */
  copiedFrom: number | null;
}

/**
 * The editor's ways of adding items, one tab each; offline the Scan chips tab alone works, and it stays
 * chosen when the network returns: its reconciling session goes on with the scans sent (decision 086).
 */
export function AddPanel({ eventId, statuses, items, offline, stampedId, series, importFile, queue, copiedFrom }: Props) {
  const [tab, setTab] = useState<string | null>('stampedId');
  useEffect(() => {
    if (offline) setTab('scan');
  }, [offline]);
  return (
    <Paper withBorder p="sm" mb="md">
      <Tabs value={offline ? 'scan' : tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="stampedId" leftSection={<IconHash size={14} />} disabled={offline}>
            Stamped id
          </Tabs.Tab>
          <Tabs.Tab value="series" leftSection={<IconListNumbers size={14} />} disabled={offline}>
            Series
          </Tabs.Tab>
          <Tabs.Tab value="import" leftSection={<IconFileImport size={14} />} disabled={offline}>
            Import
          </Tabs.Tab>
          <Tabs.Tab value="scan" leftSection={<IconScan size={14} />}>
            Scan chips
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="stampedId">{stampedId}</Tabs.Panel>
        <Tabs.Panel value="series">{series}</Tabs.Panel>
        <Tabs.Panel value="import">{importFile}</Tabs.Panel>
        <Tabs.Panel value="scan">
          <ScanAndReconcile
            eventId={eventId}
            statuses={statuses}
            items={items}
            keep={queue.supported ? queue.keepScan : undefined}
            queued={queue.queued}
            copiedFrom={copiedFrom}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
