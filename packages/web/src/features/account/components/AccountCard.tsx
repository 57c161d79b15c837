import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAnchor } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../components/usePageTitle.ts';

/** The signed-out pages' card (sign in, forgot and reset password): the product on deep sea. */
export function AccountCard({ title, intro, children }: { title?: string; intro: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="deepSea.9">
      <Paper w="100%" maw={400} p={{ base: 'lg', sm: 'xl' }} radius="md" shadow="xl">
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <IconAnchor size={40} stroke={1.5} color="var(--mantine-color-deepSea-7)" aria-hidden />
            <Title order={1} size="h3">
              {title ?? PRODUCT_NAME}
            </Title>
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
