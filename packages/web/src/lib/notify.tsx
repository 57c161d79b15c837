import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@portal/contract';
import { isApiError } from './api/ApiError.ts';

/** Red toast for a failed call (spec section 8). A validation body lists every field message. */
export function showErrorToast(error: unknown, fallbackTitle = 'Something went wrong'): void {
  if (isApiError(error) && error.hasFieldErrors) {
    notifications.show({
      color: 'red',
      title: messages.problemsFound(error.problemCount),
      message: <FieldErrorList errors={error.fieldErrors} />,
    });
    return;
  }
  notifications.show({
    color: 'red',
    title: isApiError(error) ? error.title : fallbackTitle,
    message: error instanceof Error ? error.message : String(error),
  });
}

export function showSuccessToast(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

function FieldErrorList({ errors }: { errors: Record<string, string[]> }) {
  return (
    <List size="sm" spacing={2}>
      {Object.entries(errors).flatMap(([field, list]) =>
        list.map((message) => (
          <List.Item key={`${field}:${message}`}>
            <Text span size="sm" fw={500}>
              {field}
            </Text>
            : {message}
          </List.Item>
        )),
      )}
    </List>
  );
}
