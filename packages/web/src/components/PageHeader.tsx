import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Crumb, PageBreadcrumbs } from './PageBreadcrumbs.tsx';
import { usePageTitle } from './usePageTitle.ts';

interface PageHeaderProps {
  title: string;
  /** The page's main actions, on the title's line. */
  children?: ReactNode;
  /** The way here (docs/ui.md: every admin page starts with Admin); the last crumb is this page. */
  crumbs?: Crumb[];
  /** One line under the title saying what the page is for (docs/ui.md "Page header"). */
  description?: ReactNode;
}

/** Breadcrumbs, the page title with its main actions on one line, and the description line (UI.md "Frame and layout"). */
export function PageHeader({ title, children, crumbs, description }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <>
      {crumbs && <PageBreadcrumbs items={crumbs} />}
      <Group justify="space-between" align="center" mb={description ? 4 : 'md'} gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children && <Group gap="xs">{children}</Group>}
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
    </>
  );
}
