import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

interface StatusPageProps {
  code?: string;
  title: string;
  children?: ReactNode;
  /** Where the button leads; '/' sends a signed-in user on to their start page. */
  actionTo?: string;
  actionLabel?: string;
}

/** Full-width message page for not found, access denied and unexpected errors. */
export function StatusPage({ code, title, children, actionTo = '/', actionLabel = 'Go to start page' }: StatusPageProps) {
  usePageTitle(title);
  return (
    <Stack align="center" ta="center" gap="sm" py={64} px="md">
      {code && (
        <Text c="deepSea.5" fw={800} fz={72} lh={1} aria-hidden>
          {code}
        </Text>
      )}
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" maw={520}>
          {children}
        </Text>
      )}
      <Button component={Link} to={actionTo} variant="light" mt="md">
        {actionLabel}
      </Button>
    </Stack>
  );
}
