import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { DueReportLink } from '../../due-dates/index.ts';
import { hasOwner, ownerEightyThreeScreens, ownerOneScreens } from '../screens.ts';
import { GeneralReportRoute } from './GeneralReportRoute.tsx';

/**
 * /Reports: the landing page of external users and of level None. It lists the report sets of owners
 * 1 and 83 for users who have them, plus General and the due-date view (docs/due-dates.md). Users with
 * neither owner see General directly (spec), under the due-date entry.
 */
export function ReportsRoute() {
  const user = useSignedInUser();
  const canOpen = useCanOpen();
  const one = hasOwner(user, 1);
  const eightyThree = hasOwner(user, 83);
  if (!one && !eightyThree) return <GeneralReportRoute landing />;
  return (
    <Stack gap="lg">
      <PageHeader title="Reports" />
      <ReportGroup title="General" name="General reports">
        <ReportLink to="/Reports/General" label="General report" hint="Any owner's equipment by type, sub-type and dimension" />
        <DueReportLink />
        {canOpen('/Reports/Settings') && (
          <ReportLink
            to="/Reports/Settings"
            label="Report settings"
            hint="Red and yellow statuses, heavy chain, periods, mooring spreads"
          />
        )}
      </ReportGroup>
      {one && (
        <ReportGroup title={ownerTitle(user, 1)} name="Owner 1 reports">
          {Object.entries(ownerOneScreens).map(([screen, { title }]) => (
            <ReportLink key={screen} to={`/Reports/1/${screen}`} label={title} />
          ))}
        </ReportGroup>
      )}
      {eightyThree && (
        <ReportGroup title={ownerTitle(user, 83)} name="Owner 83 reports">
          {Object.entries(ownerEightyThreeScreens).map(([screen, title]) => (
            <ReportLink key={screen} to={`/Reports/83/${screen}`} label={title} />
          ))}
        </ReportGroup>
      )}
    </Stack>
  );
}

/** The owner's name when the user's list has it (all-owners users may not carry names), else its number. */
const ownerTitle = (user: { owners: { id: number; name: string }[] }, id: number) =>
  user.owners.find((owner) => owner.id === id)?.name ?? `Owner ${id}`;

function ReportGroup({ title, name, children }: { title: string; name: string; children: React.ReactNode }) {
  return (
    <section aria-label={name}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
        {children}
      </SimpleGrid>
    </section>
  );
}

function ReportLink({ to, label, hint }: { to: string; label: string; hint?: string }) {
  return (
    <Card withBorder radius="sm" padding="sm">
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
