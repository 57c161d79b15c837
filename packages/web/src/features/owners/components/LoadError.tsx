import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';

/**
 * A level whose owner, type or sub-type could not be loaded: 404 (absent, or outside the user's
 * owners) is page not found; anything else is the failed state with Retry.
 */
export function LoadError({ what, error, onRetry, retrying }: { what: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  return <LoadFailed what={what} error={error} onRetry={onRetry} retrying={retrying} />;
}
