import { messages } from '@portal/contract';
import { StatusPage } from './StatusPage.tsx';

export function AccessDeniedPage() {
  return (
    <StatusPage code="401" title={messages.noAccessToPage}>
      Ask a system administrator if you need access.
    </StatusPage>
  );
}
