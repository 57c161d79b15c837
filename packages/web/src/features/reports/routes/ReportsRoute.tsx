import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type CurrentUser, isInternal, reportEndpoints } from '@portal/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { DueReportLink } from '../../due-dates/index.ts';
import { PredictedDiscardLink } from '../components/PredictedDiscardLink.tsx';
import { SurveyPacks } from '../components/SurveyPacks.tsx';
import { hasOwner, ownerEightyThreeScreens, ownerOneScreens } from '../screens.ts';
import { GeneralReportRoute } from './GeneralReportRoute.tsx';

/**
 * /Reports: the landing page of external users and of level None. It lists the report sets of owners
 * 1 and 83 for users who have them, plus General and the due-date view (docs/due-dates.md). Users with
 * neither owner see General directly (spec), under the due-date entry. External users also get their
 * survey packs, one per rig (issue 25 part 5).
 */
export function ReportsRoute() {
  const user = useSignedInUser();
  const one = hasOwner(user, 1);
  const eightyThree = hasOwner(user, 83);
  // External users get a survey pack per rig of their equipment (issue 25 part 5).
  if (!one && !eightyThree)
    return (
      <Stack gap="lg">
        <GeneralReportRoute landing />
        {!isInternal(user) && <SurveyPacks />}
      </Stack>
    );
  return <ReportSets user={user} one={one} eightyThree={eightyThree} />;
}

/**
 * The report sets of owners 1 and 83, headed by the owners' names from the owners table: the user's
 * own list carries them; users with all owners read them from the General report's choices (which
 * list every owner). Only if that call fails does a heading fall back to the owner's number.
 */
function ReportSets({ user, one, eightyThree }: { user: CurrentUser; one: boolean; eightyThree: boolean }) {
  const canOpen = useCanOpen();
  const catalogue = useEndpoint(reportEndpoints.catalogue, undefined, { enabled: user.allOwners });
  const ownerName = (id: number) =>
    [...user.owners, ...(catalogue.data ?? [])].find((owner) => owner.id === id)?.name ?? (catalogue.isError ? `Owner ${id}` : undefined);
  return (
    <Stack gap="lg">
      <PageHeader title="Reports" />
      <ReportGroup title="General">
        <ReportLink to="/Reports/General" label="General report" hint="Equipment by owner, type, sub-type and dimension" />
        <DueReportLink />
        <PredictedDiscardLink />
        {canOpen('/Reports/Settings') && (
          <ReportLink
            to="/Reports/Settings"
            label="Report settings"
            hint="Red and yellow statuses, heavy chain, periods, mooring spreads"
          />
        )}
      </ReportGroup>
      {one && (
        <ReportGroup title={ownerName(1)} fallback="owner 1">
          {Object.entries(ownerOneScreens).map(([screen, { title }]) => (
            <ReportLink key={screen} to={`/Reports/1/${screen}`} label={title} />
          ))}
        </ReportGroup>
      )}
      {eightyThree && (
        <ReportGroup title={ownerName(83)} fallback="owner 83">
          {Object.entries(ownerEightyThreeScreens).map(([screen, title]) => (
            <ReportLink key={screen} to={`/Reports/83/${screen}`} label={title} />
          ))}
        </ReportGroup>
      )}
      {!isInternal(user) && <SurveyPacks />}
    </Stack>
  );
}

/** A set of report cards under its heading; an owner's heading waits for the name (a skeleton, never "Owner 1"). */
function ReportGroup({ title, fallback, children }: { title: string | undefined; fallback?: string; children: React.ReactNode }) {
  return (
    <section aria-label={`${title ?? fallback} reports`}>
      {title ? (
        <Title order={2} size="h4" mb="xs">
          {title}
        </Title>
      ) : (
        <Skeleton height={24} width={200} mb="xs" />
      )}
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
