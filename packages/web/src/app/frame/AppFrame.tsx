import '../styles/signedIn.ts';
import { AppShell, Box, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { CurrentUser } from '@portal/contract';
import { IconAnchor } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { scrollLock } from '../../components/useNarrow.ts';
import { PRODUCT_NAME } from '../../components/usePageTitle.ts';
import { homePath } from '../../features/account/homePath.ts';
import { CanOpenProvider } from '../../lib/pageAccess.tsx';
import { SignedInUserProvider } from '../../lib/signedInUser.tsx';
import { closeToastsOnTime } from '../../lib/toastTimer.ts';
import { canOpen } from '../pages.tsx';
import { frameLinks, showsSearch } from './frameLinks.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { useResumeSending } from './offlineChanges.ts';
import { ScanToOpen } from './ScanToOpen.tsx';
import { SearchBox } from './SearchBox.tsx';
import classes from './TopBar.module.css';
import { UserMenu } from './UserMenu.tsx';

const BAR_HEIGHT = 56;
const TOOLBAR_HEIGHT = 52;
/** Mantine's `visibleFrom="sm"`: the wide bar's links, search and user menu; below it, the burger and the search toolbar. */
const WIDE_QUERY = '(min-width: 48em)';

/** The signed-in frame: top bar (plus the search toolbar under 768 px) and one content column. */
export function AppFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const search = showsSearch(user);
  // Only the parts of this width are rendered (read at the first render): a phone's first paint does not
  // build the wide bar's links, search and menu only to hide them, nor a desktop the burger's (docs/ui.md
  // "First rows on a phone"). The CSS still hides each at the other width, as before.
  const wide = useMediaQuery(WIDE_QUERY, undefined, { getInitialValueInEffect: false }) ?? true;
  const userCanOpen = useCallback((path: string) => canOpen(user, path), [user]);
  useEffect(() => closeToastsOnTime(), []);
  useResumeSending(user.id);
  return (
    <SignedInUserProvider user={user}>
      <CanOpenProvider canOpen={userCanOpen}>
        <ModalsProvider modalProps={{ removeScrollProps: scrollLock }}>
          <AppShell header={{ height: search ? { base: BAR_HEIGHT + TOOLBAR_HEIGHT, sm: BAR_HEIGHT } : BAR_HEIGHT }} padding="md">
            <AppShell.Header withBorder={false}>
              <Group component="nav" aria-label="Main" className={classes.bar} px="md" justify="space-between" wrap="nowrap">
                <Group gap="lg" wrap="nowrap">
                  <Link to={homePath(user)} className={classes.brand}>
                    <Group gap={8} wrap="nowrap">
                      <IconAnchor size={22} stroke={1.8} aria-hidden />
                      <span>{PRODUCT_NAME}</span>
                    </Group>
                  </Link>
                  {wide && (
                    <Group gap={4} visibleFrom="sm" wrap="nowrap">
                      {frameLinks(user).map((link) => (
                        <NavLink key={link.to} to={link.to} className={classes.link}>
                          {link.label}
                        </NavLink>
                      ))}
                    </Group>
                  )}
                </Group>
                {wide ? (
                  <Group gap="sm" wrap="nowrap" visibleFrom="sm">
                    {search && <SearchBox width="clamp(180px, 22vw, 320px)" />}
                    <UserMenu user={user} />
                  </Group>
                ) : (
                  <Box hiddenFrom="sm">
                    <MobileMenu user={user} />
                  </Box>
                )}
              </Group>
              {search && !wide && (
                <Box hiddenFrom="sm" className={classes.toolbar} role="toolbar" aria-label="Search toolbar">
                  <SearchBox width="100%" />
                </Box>
              )}
            </AppShell.Header>
            <AppShell.Main>
              <ScanToOpen user={user} />
              <Container size={1400} px={0}>
                {children}
              </Container>
            </AppShell.Main>
          </AppShell>
        </ModalsProvider>
      </CanOpenProvider>
    </SignedInUserProvider>
  );
}
