import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { CurrentUser } from '@portal/contract';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { choosesCurrentOwner } from '../../features/account/choosesCurrentOwner.ts';
import { userMenuLinks } from './frameLinks.ts';
import { CurrentOwnerDialog, CurrentOwnerMenuItem, DueRemindersMenuItem, preloadMenuParts } from './menuParts.ts';
import { useGuardedLogout } from './offlineChanges.ts';
import classes from './TopBar.module.css';

/** The user's email with Change password and Log out (spec section 2 "Frame"). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useGuardedLogout(user);
  const [ownerOpen, setOwnerOpen] = useState(false);
  const openOwner = () => setOwnerOpen(true);
  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal onOpen={preloadMenuParts}>
        <Menu.Target>
          <UnstyledButton
            className={classes.userButton}
            aria-label={`User menu for ${user.email}`}
            onPointerEnter={preloadMenuParts}
            onFocus={preloadMenuParts}
          >
            <Group gap={6} wrap="nowrap">
              <IconUserCircle size={22} stroke={1.5} />
              {/* Between 768 and 1024 px only the icon fits; the email is inside the menu. */}
              <Text size="sm" fw={500} visibleFrom="md" maw={220} truncate="end">
                {user.email}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="xs" truncate="end">
              {user.email}
            </Text>
          </Menu.Label>
          {userMenuLinks(user).map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<IconKey size={16} />}>
              {link.label}
            </Menu.Item>
          ))}
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
