import { Group, Pagination, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { plural } from '@portal/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import listClasses from '../../../components/AppDataTable.module.css';
import { SearchField } from '../../../components/SearchField.tsx';
import { useNarrow } from '../../../components/useNarrow.ts';
import { scrollToElement } from '../../../lib/forms/scrollToField.ts';
import { countStates } from './draft.ts';
import classes from './EquipmentRows.module.css';
import { MoveDialog } from './MoveDialog.tsx';
import { RowView } from './RowView.tsx';
import { type DraftStore, useDraft } from './store.ts';

/** Rows per page: a certificate of 2,000 items renders 50 rows at a time, so it opens and types fast. */
export const EDITOR_PAGE_SIZE = 50;

interface EquipmentRowsProps {
  store: DraftStore;
  isAdmin: boolean;
  certificateId: number | null;
  /** Set by a failed save: the page of this row is shown. */
  focusRow?: { stampedId: string; at: number } | null;
}

/**
 * The certificate's equipment rows with their states, a filter by stamped id and pages of 50. Each
 * row is memoised and gets stable callbacks, so typing in one row renders that row only.
 */
export function EquipmentRows({ store, isAdmin, certificateId, focusRow }: EquipmentRowsProps) {
  const rows = useDraft(store, (draft) => draft.rows);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<string | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const term = filter.trim().toLowerCase();
  const narrow = useNarrow();

  const shown = useMemo(() => (term ? rows.filter((row) => row.stampedId.toLowerCase().includes(term)) : rows), [rows, term]);
  const parents = useMemo(() => new Set(rows.flatMap((row) => (row.parentStampedId ? [row.parentStampedId.toLowerCase()] : []))), [rows]);
  const counts = useMemo(() => countStates(rows), [rows]);
  const pages = Math.max(1, Math.ceil(shown.length / EDITOR_PAGE_SIZE));

  // A failed save shows the page of the first row with a problem (once per save).
  let current = Math.min(page, pages);
  if (focusRow && focusRow.at !== focused) {
    const index = rows.findIndex((row) => row.stampedId === focusRow.stampedId);
    if (index >= 0) {
      setFocused(focusRow.at);
      setFilter('');
      current = Math.floor(index / EDITOR_PAGE_SIZE) + 1;
      setPage(current);
    }
  }
  useEffect(() => {
    if (focused === null || !focusRow) return;
    const input = document.querySelector<HTMLInputElement>(`input[aria-label="Length of ${CSS.escape(focusRow.stampedId)}"]`);
    if (input) scrollToElement(input);
  }, [focused, focusRow]);
  const records = shown.slice((current - 1) * EDITOR_PAGE_SIZE, current * EDITOR_PAGE_SIZE);
  const onMove = useCallback((stampedId: string) => setMoving(stampedId), []);

  const summary = [
    plural(counts.total, 'item'),
    counts.added ? `${counts.added} new` : '',
    counts.deleted ? `${counts.deleted} to delete` : '',
    counts.moved ? `${counts.moved} to move` : '',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <section aria-labelledby="editor-equipment">
      <Group justify="space-between" align="flex-end" mb="xs" gap="sm">
        <div>
          <Title order={2} size="h4" id="editor-equipment">
            Equipment
          </Title>
          <Text size="sm" c="dimmed" data-testid="rows-summary">
            {summary}
          </Text>
        </div>
        {rows.length > 0 && (
          <SearchField
            aria-label="Filter by stamped id"
            placeholder="Filter by stamped id"
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            onClear={() => setFilter('')}
            clearLabel="Clear the filter"
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          No equipment yet. Add a stamped id, a series or an import file above.
        </Text>
      ) : (
        // On a phone the rows are cards, as every list's (AppDataTable.module.css): each cell says its place (data-card).
        <Table.ScrollContainer minWidth={narrow ? 0 : 860} type="native" className={narrow ? listClasses.cards : undefined}>
          <Table aria-label="Certificate rows" verticalSpacing={4} striped={false} highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.sticky}>Stamped id</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Part of</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Length (m)</Table.Th>
                <Table.Th>Comment</Table.Th>
                <Table.Th>Inactive</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((row) => (
                <RowView
                  key={row.stampedId}
                  row={row}
                  isAdmin={isAdmin}
                  hasChildInDraft={parents.has(row.stampedId.toLowerCase())}
                  dispatch={store.dispatch}
                  onMove={onMove}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {term && shown.length === 0 && rows.length > 0 && (
        <Text size="sm" c="dimmed" py="sm">
          No stamped id in the list matches the filter.
        </Text>
      )}
      {pages > 1 && (
        <Group justify="space-between" mt="xs" gap="xs">
          <Text size="sm" c="dimmed">
            {(current - 1) * EDITOR_PAGE_SIZE + 1}-{Math.min(current * EDITOR_PAGE_SIZE, shown.length)} of {shown.length}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} size="sm" siblings={1} boundaries={1} />
        </Group>
      )}
      {moving && (
        <MoveDialog
          stampedId={moving}
          certificateId={certificateId}
          onClose={() => setMoving(null)}
          onMove={(target) => {
            store.dispatch({ type: 'move', stampedId: moving, target });
            setMoving(null);
          }}
        />
      )}
    </section>
  );
}
