/**
 * Levels, user types and the section 6 permission table of the spec, in one place.
 * The server's route guard and the web client's menus both read from here.
 */
export const UserLevel = {
  None: 0,
  Read: 1,
  Events: 2,
  Certificates: 3,
  Admin: 4,
  SystemAdministrator: 5,
} as const;
export type UserLevelName = keyof typeof UserLevel;
export type UserLevelValue = (typeof UserLevel)[UserLevelName];
export const userLevelNames = Object.keys(UserLevel) as UserLevelName[];

export const UserType = { Admin: 0, Report: 1 } as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];
/** How each user type is shown: userType Admin is shown as 'Internal'. */
export const userTypeLabels: Record<UserTypeValue, string> = { 0: 'Internal', 1: 'Report' };

export function levelName(level: number): UserLevelName {
  return userLevelNames.find((name) => UserLevel[name] === level) ?? 'None';
}

export function hasLevel(user: { userLevel: number }, required: UserLevelName): boolean {
  return user.userLevel >= UserLevel[required];
}

export function isInternal(user: { userType: number }): boolean {
  return user.userType === UserType.Admin;
}

/**
 * Section 6: the Admin page's links and the level each needs, written only here: the web's route
 * table gives the Admin pages (/Admin/...) these levels, and `allOwners` where a page's data holds
 * every owner's rows (backups). The certificate list and the reports are reader pages of their own;
 * only their links on the Admin page need these levels.
 */
export const adminMenu = [
  { key: 'Certificates', label: 'Certificates', path: '/Certificates', level: 'Certificates' },
  { key: 'Notifications', label: 'Notifications', path: '/Admin/Notifications', level: 'Events' },
  { key: 'Unlinked', label: 'Unlinked Equipment', path: '/Admin/Unlinked', level: 'Certificates' },
  { key: 'EquipmentTags', label: 'Equipment tags', path: '/Admin/EquipmentTags', level: 'Certificates' },
  { key: 'CaseDuplicates', label: 'Case duplicates', path: '/Admin/CaseDuplicates', level: 'Certificates' },
  { key: 'Reports', label: 'Reports', path: '/Reports', level: 'Read' },
  { key: 'EventTypes', label: 'EventTypes', path: '/Admin/Events', level: 'Admin' },
  { key: 'Rigs', label: 'Rigs', path: '/Admin/Rigs', level: 'Events' },
  { key: 'Owners', label: 'Owners - Certificate types', path: '/Admin/Owners', level: 'Admin' },
  { key: 'Backups', label: 'Backups', path: '/Admin/Backups', level: 'SystemAdministrator', allOwners: true },
  { key: 'Users', label: 'Users', path: '/Admin/Users', level: 'SystemAdministrator' },
] as const satisfies readonly { key: string; label: string; path: string; level: UserLevelName; allOwners?: true }[];
export type AdminMenuKey = (typeof adminMenu)[number]['key'];

/**
 * What a route requires. Every API route declares one (a test walks the registered routes, and a
 * committed snapshot shows every change of access in review).
 * - `public`: no token needed (login, health, password reset).
 * - `level`: the minimum level; `internal`: Report (external) users are refused;
 * - `ownerScoped`: the route's data belongs to owners: the handler receives the caller's owner scope
 *   and its queries apply it; the access-matrix test calls it as a user of another owner;
 * - `download`: a file or export link: besides the bearer header it takes `?access_token=`, a
 *   single-use token of about two minutes bound to the user and to the session that asked for it.
 * - `allOwners`: only users with all owners (unrestricted): the route's data holds every owner's rows
 *   and cannot be scoped (backups).
 */
export type GuardedAccess = { level: UserLevelName; internal?: boolean; ownerScoped?: boolean; download?: boolean; allOwners?: boolean };
export type RouteAccess = { public: true } | GuardedAccess;

export const isPublicAccess = (access: RouteAccess): access is { public: true } => 'public' in access;

/** Whether a signed-in user meets an access declaration's level, user type and owner rule. */
export function meetsAccess(user: { userLevel: number; userType: number; allOwners: boolean }, access: GuardedAccess): boolean {
  return user.userLevel >= UserLevel[access.level] && (!access.internal || isInternal(user)) && (!access.allOwners || user.allOwners);
}

/** Owners with their own report sets (spec section 2, Reports). */
export const SPECIAL_REPORT_OWNERS = [1, 83] as const;
