import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle.ts';

/** The page title and its main actions on one line (UI.md "Frame and layout"). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
