import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { type AdminMenuKey, adminMenu, hasLevel } from '@portal/contract';
import {
  type Icon,
  IconAnchor,
  IconBell,
  IconBuildingFactory2,
  IconCertificate,
  IconChartBar,
  IconDatabaseExport,
  IconLetterCase,
  IconLinkOff,
  IconListDetails,
  IconTags,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import classes from './AdminRoute.module.css';

/** An icon and one line of help per Admin link. */
const linkDetails: Record<AdminMenuKey, { icon: Icon; hint: string }> = {
  Certificates: { icon: IconCertificate, hint: 'Add, edit and copy certificates' },
  Notifications: { icon: IconBell, hint: 'Items flagged for follow-up in events' },
  Unlinked: { icon: IconLinkOff, hint: 'Equipment without a certificate' },
  EquipmentTags: { icon: IconTags, hint: 'Tags on stamped ids, imported from a file' },
  CaseDuplicates: { icon: IconLetterCase, hint: 'Stamped ids that differ only in case' },
  Reports: { icon: IconChartBar, hint: 'Equipment and event reports with Excel export' },
  EventTypes: { icon: IconListDetails, hint: 'Event types and their statuses' },
  Rigs: { icon: IconAnchor, hint: 'Rigs and their projects' },
  Owners: { icon: IconBuildingFactory2, hint: 'Owners, certificate types, sub-types and dimensions' },
  Backups: { icon: IconDatabaseExport, hint: 'Start a backup and download earlier ones' },
  Users: { icon: IconUsers, hint: 'Users, their levels, owners and chips' },
};

/**
 * /Admin: the links of spec section 2, each shown only to users who may open its page (the route
 * table, whose Admin pages take their access from the same adminMenu entries) and who have the link's
 * section 6 level: the certificate list and the reports are pages of their own for every reader, only
 * their links here ask more. A later feature's link appears with its page.
 */
export function AdminRoute() {
  const user = useSignedInUser();
  const canOpen = useCanOpen();
  const links = adminMenu.filter((link) => hasLevel(user, link.level) && canOpen(link.path));
  return (
    <>
      <PageHeader title="Admin" />
      {links.length === 0 ? (
        <Text c="dimmed">There is nothing to administer at your access level.</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" className={classes.list} aria-label="Admin links">
          {links.map((link) => {
            const { icon: LinkIcon, hint } = linkDetails[link.key];
            return (
              <li key={link.key}>
                <Card component={Link} to={link.path} withBorder radius="md" padding="md" className={classes.card}>
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                      <LinkIcon size={22} stroke={1.7} />
                    </ThemeIcon>
                    <div>
                      <Text fw={600} className={classes.label}>
                        {link.label}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {hint}
                      </Text>
                    </div>
                  </Group>
                </Card>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </>
  );
}
