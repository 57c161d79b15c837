import { adminMenu, type CurrentUser, UserLevel, UserType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { homePath } from '../../features/account/homePath.ts';
import { canOpen, findPage, pages } from '../pages.tsx';
import { frameLinks, showsSearch, userMenuLinks } from './frameLinks.ts';

const user = (userType: number, userLevel: number): CurrentUser => ({
  id: 1,
  email: 'x@example.com',
  userType,
  userLevel,
  allOwners: false,
  owners: [],
  chipId: null,
  alias: null,
});

describe('where a user lands and what the frame shows', () => {
  it('sends internal users above None to /Events, everyone else to /Reports', () => {
    expect(homePath(user(UserType.Admin, UserLevel.Read))).toBe('/Events');
    expect(homePath(user(UserType.Admin, UserLevel.SystemAdministrator))).toBe('/Events');
    expect(homePath(user(UserType.Admin, UserLevel.None))).toBe('/Reports');
    expect(homePath(user(UserType.Report, UserLevel.Admin))).toBe('/Reports');
  });

  it('hides search, Events and Help from Report users; Admin shows for everyone', () => {
    const report = user(UserType.Report, UserLevel.Read);
    expect(showsSearch(report)).toBe(false);
    expect(frameLinks(report).map((link) => link.label)).toEqual(['Admin']);
    expect(frameLinks(user(UserType.Admin, UserLevel.Read)).map((link) => link.label)).toEqual(['Events', 'Help', 'Admin']);
    // Section 6 hides Help only from Report users: internal level None keeps it (Events needs Read).
    expect(frameLinks(user(UserType.Admin, UserLevel.None)).map((link) => link.label)).toEqual(['Help', 'Admin']);
  });

  it('links to Change password for every signed-in user, external ones and level None included', () => {
    expect(findPage('/Changepassword')?.path).toBe('/Changepassword');
    for (const someone of [
      user(UserType.Admin, UserLevel.SystemAdministrator),
      user(UserType.Report, UserLevel.Read),
      user(UserType.Admin, UserLevel.None),
    ])
      expect(userMenuLinks(someone).map((link) => link.label)).toEqual(['Change password']);
  });

  it('opens the global search to every internal user, level None included, and to no external user (spec sections 2 and 6)', () => {
    expect(canOpen(user(UserType.Admin, UserLevel.Read), '/Search/SC-001')).toBe(true);
    expect(canOpen(user(UserType.Admin, UserLevel.Read), '/Search')).toBe(true);
    expect(showsSearch(user(UserType.Admin, UserLevel.None))).toBe(true);
    expect(canOpen(user(UserType.Admin, UserLevel.None), '/Search/SC-001')).toBe(true);
    expect(canOpen(user(UserType.Report, UserLevel.SystemAdministrator), '/Search/SC-001')).toBe(false);
  });
});

describe('the route table', () => {
  it('matches addresses with their ids and query, and nothing else', () => {
    expect(findPage('/Admin/Owners/3/4?edit=new')?.path).toBe('/Admin/Owners/:ownerId/:typeId');
    expect(findPage('/Admin/Nothing')).toBeUndefined();
    expect(findPage('/Admin/Backups')?.path).toBe('/Admin/Backups');
    expect(findPage('/Admin/Backups/1')).toBeUndefined();
    expect(findPage('/Certificates/12')?.path).toBe('/Certificates/:id');
    // The editor's fixed segments come before the detail's ':id' (findPage takes the first match).
    expect(findPage('/Certificates/Add')?.path).toBe('/Certificates/Add');
    expect(findPage('/Certificates/Add/12?file=1')?.path).toBe('/Certificates/Add/:id');
    expect(findPage('/Certificates/Edit/12')?.path).toBe('/Certificates/Edit/:id');
  });

  it('grants a page by level and internal flag', () => {
    expect(canOpen(user(UserType.Admin, UserLevel.Events), '/Admin/Rigs/2')).toBe(true);
    expect(canOpen(user(UserType.Admin, UserLevel.Read), '/Admin/Rigs/2')).toBe(false);
    expect(canOpen(user(UserType.Report, UserLevel.SystemAdministrator), '/Admin/Users')).toBe(false);
    expect(canOpen(user(UserType.Report, UserLevel.None), '/Admin')).toBe(true);
    // External readers open their owners' certificates; level None does not.
    expect(canOpen(user(UserType.Report, UserLevel.Read), '/Certificates/Search/AM-2021')).toBe(true);
    expect(canOpen(user(UserType.Report, UserLevel.None), '/Certificates')).toBe(false);
    // The editor: Certificates level, internal staff only.
    expect(canOpen(user(UserType.Admin, UserLevel.Certificates), '/Certificates/Edit/3')).toBe(true);
    expect(canOpen(user(UserType.Admin, UserLevel.Events), '/Certificates/Add')).toBe(false);
    expect(canOpen(user(UserType.Report, UserLevel.SystemAdministrator), '/Certificates/Add/3')).toBe(false);
  });

  it('gives every Admin page the access of its Admin menu entry, which is written only in the contract (spec section 6)', () => {
    // The certificate list is a page of its own for every reader (Read level, external users for
    // their owners); only its Admin link needs Certificates level, which the Admin page checks.
    // Reports are the landing page of external users and of level None (spec section 2); the Admin
    // link to them needs Read level, which the Admin page checks.
    const readerPages = new Set(['/Certificates', '/Reports']);
    const adminPages = pages.filter((page) => page.path.startsWith('/Admin/'));
    for (const page of adminPages) {
      const entry = adminMenu.find((link) => page.path === link.path || page.path.startsWith(`${link.path}/`));
      expect(entry, page.path).toBeDefined();
      expect({ level: page.level, internal: page.internal, allOwners: page.allOwners }, page.path).toEqual({
        level: entry?.level,
        internal: true,
        allOwners: entry && 'allOwners' in entry ? true : undefined,
      });
    }
    expect(adminMenu.filter((entry) => !readerPages.has(entry.path) && !findPage(entry.path)).map((entry) => entry.path)).toEqual([]);
    // Backups hold every owner's rows: a system administrator with an owner list may not open them.
    expect(canOpen({ ...user(UserType.Admin, UserLevel.SystemAdministrator), allOwners: true }, '/Admin/Backups')).toBe(true);
    expect(canOpen(user(UserType.Admin, UserLevel.SystemAdministrator), '/Admin/Backups')).toBe(false);
    expect(canOpen(user(UserType.Admin, UserLevel.SystemAdministrator), '/Admin/Users/3')).toBe(true);
    // Every page path is unique.
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  });
});
