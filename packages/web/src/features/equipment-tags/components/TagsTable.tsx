import { Anchor } from '@mantine/core';
import type { EquipmentTag, EquipmentTagPage } from '@portal/contract';
import { Link } from 'react-router';
import { type AppColumn, AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { TAGS_PAGE_SIZE } from '../api.ts';

const columns: AppColumn<EquipmentTag>[] = [
  {
    accessor: 'stampedId',
    title: 'Stamped id',
    noWrap: true,
    render: (tag) => (
      <Anchor component={Link} to={`/Equipment/${encodeURIComponent(tag.stampedId)}`} size="sm" fw={500}>
        {tag.stampedId}
      </Anchor>
    ),
  },
  {
    accessor: 'tag',
    title: 'Tag',
    priority: 1,
    // On a phone's card the tag is the badge beside the stamped id.
    card: 'status',
    noWrap: true,
    // The badge would shrink to an ellipsis in a narrow column: it keeps its width.
    render: (tag) => (
      <span style={{ display: 'inline-block', minWidth: 'max-content' }}>
        <ColorBadge color={tag.color} size="md">
          {tag.tag}
        </ColorBadge>
      </span>
    ),
  },
  {
    accessor: 'updatedDate',
    title: 'Last imported',
    noWrap: true,
    render: (tag) => (
      <span title={formatDateTime(tag.updatedDate)}>
        {formatDate(tag.updatedDate)}
        {tag.updatedBy ? ` by ${tag.updatedBy}` : ''}
      </span>
    ),
  },
];

interface TagsTableProps {
  data: EquipmentTagPage | undefined;
  /** Zero-based, as the server pages. */
  page: number;
  onPageChange: (page: number) => void;
  status: ListStatus;
  emptyText: string;
}

/** Server-paged tags: stamped id (to the equipment page), the tag in its colour, last import. */
export function TagsTable({ data, page, onPageChange, status, emptyText }: TagsTableProps) {
  return (
    <AppDataTable<EquipmentTag>
      aria-label="Equipment tags"
      columns={columns}
      what="equipment tags"
      records={data?.items}
      totalRecords={data?.total ?? 0}
      recordsPerPage={TAGS_PAGE_SIZE}
      page={page + 1}
      onPageChange={(next) => onPageChange(next - 1)}
      status={status}
      emptyText={emptyText}
    />
  );
}
