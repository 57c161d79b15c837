import { Alert, Anchor, Badge, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  eventEndpoints,
  formatNumber,
  hasLevel,
  lookupMessages,
  STAMPED_ID_SEARCH_MIN_LENGTH,
  searchEndpoints,
  UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT,
} from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { CertificateResults, EquipmentResults, EventResults } from '../components/SearchTables.tsx';

const TABS = ['equipments', 'events', 'certificates'] as const;
type Tab = (typeof TABS)[number];

/** The count a tab shows: the look-ups count to 1,000 ('1000+' past it). */
const countText = (result: { total: number; totalCapped: boolean } | undefined) =>
  result === undefined ? '…' : `${formatNumber(result.total)}${result.totalCapped ? '+' : ''}`;

/**
 * /Search/{search} and /Search (spec section 2 "Search"): the equipment, event and certificate
 * look-ups side by side as tabs with their counts; the tab is kept in ?tab=. Internal users only.
 */
export function SearchRoute() {
  const user = useSignedInUser();
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const term = (useParams().search ?? '').trim();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'equipments';
  const [text, setText] = useState(term);
  // A new search from the top bar while this page is open.
  useEffect(() => setText(term), [term]);
  const ready = term.length >= STAMPED_ID_SEARCH_MIN_LENGTH;
  const query = { query: { search: term } };
  const equipment = useEndpoint(searchEndpoints.equipmentSearch, query, { enabled: ready });
  const events = useEndpoint(eventEndpoints.lookup, query, { enabled: ready });
  const certificates = useEndpoint(searchEndpoints.certificateSearch, query, { enabled: ready });
  const capped = !hasLevel(user, 'Events');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) navigate(`/Search/${encodeURIComponent(next)}${tab === 'equipments' ? '' : `?tab=${tab}`}`);
  };
  // The link stands beside the sentence, not in it: the dimmed text and the link differ by colour alone (axe link-in-text-block).
  // Past 1,000 matches equipment and certificates are sorted from the first 1,000 found, not from every
  // match (`sortedFromFound`); events are always the newest (docs/search.md).
  const more = (
    result: { items: unknown[]; total: number; totalCapped: boolean } | undefined,
    to: string | null,
    sortedFromFound = true,
  ) =>
    result && result.total > result.items.length ? (
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {result.totalCapped && sortedFromFound
            ? `Showing ${result.items.length} of the first ${formatNumber(result.total)} found.`
            : `Showing the first ${result.items.length}.`}
          {to && canOpen(to) ? '' : ' Type more of the id to narrow it down.'}
        </Text>
        {to && canOpen(to) && (
          <Anchor component={Link} to={to} size="sm">
            See all
          </Anchor>
        )}
      </Group>
    ) : null;
  const encoded = encodeURIComponent(term);

  return (
    <Stack gap="md">
      <PageHeader title={term ? `Search: ${term}` : 'Search'} />
      <search aria-label="Search page">
        <form onSubmit={submit}>
          <TextInput
            aria-label="Search for"
            placeholder="Stamped id, certificate no, rig, project, location..."
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maw={480}
          />
        </form>
      </search>
      {!ready ? (
        <Text c="dimmed">
          {term ? lookupMessages.termTooShort('Search') : 'Type a stamped id, a certificate number or an event word, then press Enter.'}
        </Text>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => setParams(value && value !== 'equipments' ? { tab: value } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="equipments" rightSection={<Badge variant="light">{countText(equipment.data)}</Badge>}>
              Equipments
            </Tabs.Tab>
            <Tabs.Tab value="events" rightSection={<Badge variant="light">{countText(events.data)}</Badge>}>
              Events
            </Tabs.Tab>
            <Tabs.Tab value="certificates" rightSection={<Badge variant="light">{countText(certificates.data)}</Badge>}>
              Certificates
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="equipments" pt="md">
            <Stack gap="xs">
              {capped && (
                <Alert color="gray" p="xs">
                  Below Events level the search shows the first {UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT} equipment items.
                </Alert>
              )}
              <EquipmentResults items={equipment.data?.items} status={listStatus(equipment)} />
              {!capped && more(equipment.data, null)}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="events" pt="md">
            <Stack gap="xs">
              <EventResults items={events.data?.items} status={listStatus(events)} />
              {more(events.data, `/Events/Search/${encoded}`, false)}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="certificates" pt="md">
            <Stack gap="xs">
              <CertificateResults items={certificates.data?.items} status={listStatus(certificates)} />
              {more(certificates.data, `/Certificates/Search/${encoded}`)}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
