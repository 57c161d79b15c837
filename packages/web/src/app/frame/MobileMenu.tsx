import { Burger, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CurrentUser } from '@portal/contract';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { choosesCurrentOwner } from '../../features/account/choosesCurrentOwner.ts';
import { frameLinks, userMenuLinks } from './frameLinks.ts';
import { CurrentOwnerDialog, CurrentOwnerMenuItem, DueRemindersMenuItem, preloadMenuParts } from './menuParts.ts';
import { useGuardedLogout } from './offlineChanges.ts';

/** Under 768 px the links and the user menu collapse into one burger menu. */
export function MobileMenu({ user }: { user: CurrentUser }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useGuardedLogout(user);
  const { pathname } = useLocation();
  // The current section is marked as in the top bar: '/Admin/Owners' is under Admin.
  const isCurrent = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const [ownerOpen, setOwnerOpen] = useState(false);
  const openOwner = () => {
    close();
    setOwnerOpen(true);
  };
  return (
    <>
      <Menu opened={opened} onChange={(open) => (open ? undefined : close())} position="bottom-end" width={240}>
        <Menu.Target>
          <Burger
            opened={opened}
            onClick={toggle}
            onPointerEnter={preloadMenuParts}
            onFocus={preloadMenuParts}
            color="white"
            size="sm"
            aria-label="Open navigation"
          />
        </Menu.Target>
        <Menu.Dropdown>
          {frameLinks(user).map((link) => (
            <Menu.Item
              key={link.to}
              component={Link}
              to={link.to}
              onClick={close}
              aria-current={isCurrent(link.to) ? 'page' : undefined}
              fw={isCurrent(link.to) ? 700 : undefined}
              bg={isCurrent(link.to) ? 'deepSea.0' : undefined}
            >
              {link.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>
            <Text size="xs" truncate="end">
              {user.email}
            </Text>
          </Menu.Label>
          {userMenuLinks(user).map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<IconKey size={16} />} onClick={close}>
              {link.label}
            </Menu.Item>
          ))}
          {/* The same entries as the wide screen's user menu (UserMenu). */}
          <Suspense fallback={null}>
            {choosesCurrentOwner(user) && <CurrentOwnerMenuItem onOpen={openOwner} />}
            <DueRemindersMenuItem />
          </Suspense>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={logout}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {ownerOpen && (
        <Suspense fallback={null}>
          <CurrentOwnerDialog onClose={() => setOwnerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
