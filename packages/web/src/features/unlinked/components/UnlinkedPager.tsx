import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '@portal/contract';
import { pageWindow } from '../draft.ts';

interface UnlinkedPagerProps {
  /** Zero-based, as the server pages. */
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/** '1-50 of 4000' and the page buttons: first, previous, at most 5 page numbers, next, last (spec section 9). */
export function UnlinkedPager({ page, pages, total, pageSize, onChange }: UnlinkedPagerProps) {
  if (total === 0) return null;
  const from = page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <Group justify="space-between" mt="xs" gap="xs">
      <Text size="sm" c="dimmed">
        {from}-{to} of {formatNumber(total)}
      </Text>
      {pages > 1 && (
        <Pagination.Root total={pages} value={page + 1} onChange={(next) => onChange(next - 1)} size="sm">
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Pages">
            <Pagination.First aria-label="First page" />
            <Pagination.Previous aria-label="Previous page" />
            {pageWindow(page, pages).map((number) => (
              <Pagination.Control
                key={number}
                active={number === page}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number + 1}`}
                onClick={() => onChange(number)}
              >
                {number + 1}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Next page" />
            <Pagination.Last aria-label="Last page" />
          </Group>
        </Pagination.Root>
      )}
    </Group>
  );
}
