import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@portal/contract';
import { isApiError } from './api/ApiError.ts';

export interface ErrorToastOptions {
  /** Title when the error is not an ApiError (which brings its status title). */
  fallbackTitle?: string;
  /** Field key -> the label the user sees ('shortCode' -> 'Code'), so the toast never shows a key. */
  fieldLabels?: Record<string, string>;
  /** Fields whose messages already show under their inputs: the toast names them without repeating the message. */
  shownUnderFields?: readonly string[];
}

/**
 * Red toast for a failed call (spec section 8). A validation body becomes 'N Problems found': fields
 * whose messages show under their inputs are named by their label; any other message is listed.
 */
export function showErrorToast(error: unknown, options: ErrorToastOptions | string = {}): void {
  const {
    fallbackTitle = 'Something went wrong',
    fieldLabels = {},
    shownUnderFields = [],
  } = typeof options === 'string' ? { fallbackTitle: options } : options;
  if (isApiError(error) && error.hasFieldErrors) {
    notifications.show({
      color: 'red',
      title: messages.problemsFound(error.problemCount),
      message: <FieldErrorList errors={error.fieldErrors} labels={fieldLabels} shownUnderFields={shownUnderFields} />,
    });
    return;
  }
  const title = isApiError(error) ? error.title : fallbackTitle;
  const message = error instanceof Error ? error.message : String(error);
  // One toast per failure: when one outage fails several loads at once (the events list and its filter
  // options), they carry the same words, and a toast whose id is showing is not shown again.
  notifications.show({ id: `error:${title}:${message}`, color: 'red', title, message });
}

export function showSuccessToast(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}

/** Yellow toast: it worked, but something needs someone's attention. */
export function showWarningToast(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: 10_000 });
}

function FieldErrorList({
  errors,
  labels,
  shownUnderFields,
}: {
  errors: Record<string, string[]>;
  labels: Record<string, string>;
  shownUnderFields: readonly string[];
}) {
  const label = (field: string) =>
    labels[field] ?? labels[Object.keys(labels).find((key) => key.toLowerCase() === field.toLowerCase()) ?? ''] ?? field;
  const under = Object.keys(errors).filter((field) => shownUnderFields.includes(field));
  const rest = Object.entries(errors).filter(([field]) => !shownUnderFields.includes(field));
  return (
    <List size="sm" spacing={2}>
      {under.length > 0 && (
        <List.Item key="under">
          Check{' '}
          <Text span size="sm" fw={500}>
            {under.map(label).join(', ')}
          </Text>
        </List.Item>
      )}
      {rest.flatMap(([field, list]) =>
        list.map((message) => (
          <List.Item key={`${field}:${message}`}>
            <Text span size="sm" fw={500}>
              {label(field)}
            </Text>
            : {message}
          </List.Item>
        )),
      )}
    </List>
  );
}
