import { Button, Code, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../lib/api/ApiError.ts';

interface LoadFailedProps {
  /** What could not be loaded, plural and lower case: 'events', 'help files'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  minHeight?: number;
}

/**
 * The failed state of a list or page (spec section 8; one toast comes from the query client): what
 * failed, the server's message, the correlation id to quote, and Retry. Never an empty-list text.
 */
export function LoadFailed({ what, error, onRetry, retrying = false, minHeight = 160 }: LoadFailedProps) {
  const correlationId = isApiError(error) ? error.correlationId : null;
  const title = isApiError(error) ? error.title : null;
  return (
    <Paper withBorder radius="sm" p="lg" mih={minHeight} role="alert" aria-label={`The ${what} could not be loaded`}>
      <Stack align="center" ta="center" gap={6}>
        <ThemeIcon color="red" variant="light" size={40} radius="xl" aria-hidden>
          <IconAlertTriangle size={22} />
        </ThemeIcon>
        <Text fw={600}>The {what} could not be loaded</Text>
        <Text size="sm" c="dimmed" maw={520}>
          {title && title !== (error as Error).message ? `${title}: ` : ''}
          {error instanceof Error ? error.message : String(error)}
        </Text>
        {correlationId && (
          <Text size="xs" c="dimmed">
            Correlation id: <Code>{correlationId}</Code>
          </Text>
        )}
        <Button variant="light" mt={6} leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}
