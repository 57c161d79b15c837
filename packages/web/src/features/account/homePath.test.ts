import { type CurrentUser, UserLevel, UserType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { frameLinks, showsSearch } from '../../app/frame/frameLinks.ts';
import { homePath } from './homePath.ts';

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
    expect(frameLinks(user(UserType.Admin, UserLevel.None)).map((link) => link.label)).toEqual(['Admin']);
  });
});
