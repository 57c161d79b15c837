import { Paper, Tabs } from '@mantine/core';
import { AddByStampedId } from './AddByStampedId.tsx';
import { AddSeries } from './AddSeries.tsx';
import { ImportFile } from './ImportFile.tsx';
import type { DraftStore } from './store.ts';

/** The three ways to add equipment rows: one stamped id, a series, or an import file. */
export function AddEquipment({ store }: { store: DraftStore }) {
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label="Add equipment">
      <Tabs defaultValue="one" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="one">Stamped id</Tabs.Tab>
          <Tabs.Tab value="series">Series</Tabs.Tab>
          <Tabs.Tab value="import">Import</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="one">
          <AddByStampedId store={store} />
        </Tabs.Panel>
        <Tabs.Panel value="series">
          <AddSeries store={store} />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportFile store={store} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
