import { Code, Stack, Text } from '@mantine/core';
import { messages } from '@portal/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { StatusPage } from '../components/StatusPage.tsx';
import { isApiError } from '../lib/api/ApiError.ts';

/** The global error page (spec section 2 "Frame"): shows what went wrong, with the trace id if any. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const correlationId = isApiError(error) ? error.correlationId : null;

  return (
    <StatusPage title="Something went wrong" actionLabel="Go to start page">
      <Stack component="span" gap={4} align="center">
        <Text component="span" role="alert">
          {message || messages.unexpected}
        </Text>
        {correlationId && (
          <Text component="span" size="xs">
            Correlation id: <Code>{correlationId}</Code>
          </Text>
        )}
      </Stack>
    </StatusPage>
  );
}
