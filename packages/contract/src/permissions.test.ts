import { describe, expect, it } from 'vitest';
import { adminMenu, hasLevel, isInternal, levelName, UserLevel, userTypeLabels } from './permissions.ts';

describe('levels', () => {
  it('orders None < Read < Events < Certificates < Admin < SystemAdministrator', () => {
    expect(Object.values(UserLevel)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levelName(3)).toBe('Certificates');
    expect(levelName(42)).toBe('None');
  });

  it('grants access when the level is at least the required one', () => {
    expect(hasLevel({ userLevel: UserLevel.Events }, 'Read')).toBe(true);
    expect(hasLevel({ userLevel: UserLevel.Events }, 'Events')).toBe(true);
    expect(hasLevel({ userLevel: UserLevel.Events }, 'Certificates')).toBe(false);
  });

  it("shows user type Admin as 'Internal'", () => {
    expect(userTypeLabels[0]).toBe('Internal');
    expect(isInternal({ userType: 0 })).toBe(true);
    expect(isInternal({ userType: 1 })).toBe(false);
  });
});

describe('the Admin menu (spec section 6)', () => {
  it('requires the level the spec gives each link', () => {
    const levels = Object.fromEntries(adminMenu.map((link) => [link.label, link.level]));
    expect(levels).toEqual({
      Reports: 'Read',
      Notifications: 'Events',
      Rigs: 'Events',
      Certificates: 'Certificates',
      'Unlinked Equipment': 'Certificates',
      'Equipment tags': 'Certificates',
      'Case duplicates': 'Certificates',
      EventTypes: 'Admin',
      'Owners - Certificate types': 'Admin',
      Backups: 'SystemAdministrator',
      Users: 'SystemAdministrator',
    });
  });

  it('shows a Read user only Reports', () => {
    const visible = adminMenu.filter((link) => hasLevel({ userLevel: UserLevel.Read }, link.level));
    expect(visible.map((link) => link.label)).toEqual(['Reports']);
  });
});
