import { Alert, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api/ApiError.ts';

/** A failed call in full (spec section 8, reset password: 'shows the error details'). */
export function ErrorDetails({ error }: { error: unknown }) {
  const api = isApiError(error) ? error : null;
  const fieldMessages = api ? Object.values(api.fieldErrors).flat() : [];
  const details = fieldMessages.filter((message) => message !== api?.message);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={api?.title ?? 'Something went wrong'} role="alert">
      <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      {api?.correlationId && (
        <Text size="xs" c="dimmed" mt={4}>
          Correlation id: {api.correlationId}
        </Text>
      )}
    </Alert>
  );
}
