import { messages } from '@portal/contract';
import { StatusPage } from './StatusPage.tsx';

export function NotFoundPage() {
  return (
    <StatusPage code="404" title={messages.pageNotFound}>
      The address may be mistyped, or the page has moved.
    </StatusPage>
  );
}
