import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { ReportTableView } from '../components/ReportTableView.tsx';
import { hasOwner, type OwnerOneScreen, ownerOneScreens } from '../screens.ts';

/** /Reports/1/{screen}: owner 1's report tables, each with Excel export; without owner 1, access denied. */
export function OwnerOneReportRoute() {
  const user = useSignedInUser();
  const { screen = '' } = useParams();
  if (!hasOwner(user, 1)) return <AccessDeniedPage />;
  if (!(screen in ownerOneScreens)) return <NotFoundPage />;
  const { title, reports } = ownerOneScreens[screen as OwnerOneScreen];
  return (
    <Stack gap="lg">
      <PageBreadcrumbs items={[{ label: 'Reports', to: '/Reports' }, { label: title }]} />
      <PageHeader title={title} />
      {reports.map((name) => (
        <ReportTableView key={name} name={name} owner={1} heading={reports.length > 1 ? headings[name] : undefined} />
      ))}
    </Stack>
  );
}

const headings: Record<string, string> = { keyinfo: 'Key info', 'equipment/totals': 'Equipment totals' };
