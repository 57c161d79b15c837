import { Button } from '@mantine/core';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { StatusPage } from '../../../components/StatusPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';

/**
 * A level that could not be loaded: 404 (absent, or outside the user's owners) is page not found;
 * anything else shows the server's message with a retry.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusPage title={isApiError(error) ? error.title : 'Something went wrong'} actionTo="/Admin/Owners" actionLabel="Back to owners">
      {error instanceof Error ? error.message : String(error)}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </StatusPage>
  );
}
