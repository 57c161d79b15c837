/**
 * What a write changes in the web's cache, declared on the write (decision 070). The web keys every
 * read by its path's first segment, its path and its inputs (web `lib/api/endpointQuery.ts`), so a
 * write names either whole areas ('Equipment': every /Equipment/... read, detail and look-ups alike)
 * or single GET paths ('/Account/GetUsers'); after it settles the web refreshes exactly those. A test
 * (cache.test.ts) holds the areas equal to the GET paths' first segments and every path to a GET.
 */

/** The first segments of the GET paths: one area each. */
export const cacheAreas = [
  'Account',
  'Backups',
  'CaseDuplicates',
  'Certificates',
  'Chips',
  'DueDates',
  'Equipment',
  'EquipmentTags',
  'EventComponents',
  'Events',
  'Export',
  'Files',
  'Folders',
  'Help',
  'Measurements',
  'Notification',
  'Owners',
  'Report',
  'Reports',
  'Rigs',
  'Unlinked',
  'Users',
  'Verify',
  'health',
] as const;
export type CacheArea = (typeof cacheAreas)[number];
/** A whole area, or one GET path in it, spelled as in its definition ('/Account/Users/External/:id'). */
export type CacheTarget = CacheArea | `/${CacheArea}${string}`;

const targets = <const T extends readonly CacheTarget[]>(list: T): T => list;

/**
 * Reads that show an item's stamped id, certificate facts, owner, tags or active flag: its page and
 * the search look-ups, unlinked items, certificates' item lists, chips and tags, case duplicates,
 * the event pages and editor, notifications, the report tables and the due list.
 */
export const equipmentReads = targets([
  'Equipment',
  'Unlinked',
  'Certificates',
  'CaseDuplicates',
  'Chips',
  'EquipmentTags',
  'Events',
  'EventComponents',
  'Notification',
  'Report',
  'Reports',
]);

/**
 * Reads that show what events found: the editor's rows, the event's chips and summary, an item's
 * event history and latest status, the notifications list, 'with no events' among unlinked items,
 * the report tables (latest status, activity) and the due list (last inspections).
 */
export const eventItemReads = targets(['EventComponents', 'Events', 'Equipment', 'Notification', 'Unlinked', 'Report', 'Reports']);

/**
 * Reads that name folders (event types, statuses, rigs, projects): the folder screens, the event
 * pages and pick lists, the editor's statuses, event types' due kinds, an item's event history,
 * notifications, the report tables and the due list.
 */
export const folderReads = targets([
  'Folders',
  'Rigs',
  'Events',
  'EventComponents',
  'DueDates',
  'Equipment',
  'Notification',
  'Report',
  'Reports',
]);

/** Reads that name owners and the catalogue (types, sub-types, dimensions): everything showing an item, the users' owners and due regimes. */
export const catalogueReads = targets([
  'Owners',
  ...equipmentReads,
  'DueDates',
  'Users',
  '/Account/GetUsers',
  '/Account/UserInfo',
  '/Account/CurrentUser',
]);

/** Reads of users: the list, a manager's external users of an owner, the editor and the signed-in user's profile. */
export const userReads = targets(['/Account/GetUsers', '/Account/Users/External/:id', 'Users']);
