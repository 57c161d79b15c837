import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** The way to the page (Admin > Owners > owner > type): every level but the current one is a link. */
export function PageBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumbs component="nav" aria-label="Breadcrumb" mb="xs" separatorMargin={6} fz="sm" style={{ flexWrap: 'wrap' }}>
      {items.map((item) =>
        item.to ? (
          <Anchor key={item.to} component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
        ) : (
          <Text key="current" span size="sm" c="dimmed" aria-current="page">
            {item.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
