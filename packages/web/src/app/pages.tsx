import { type AdminMenuKey, adminMenu, type CurrentUser } from '@portal/contract';
import { matchPath } from 'react-router';
import { mayOpen, type PageAccess } from '../lib/pageAccess.tsx';
import { lazyPage, type Preloadable } from './lazyPage.ts';

/*
 * Every screen loads on first use (route-level code splitting): add a page with one line here, the
 * same shape as the others, and its entry in the table below. A static import would put the screen's
 * code into the login page's download.
 */
const ChangePasswordRoute = lazyPage(() => import('../features/account/routes/ChangePasswordRoute.tsx'), 'ChangePasswordRoute');
const AdminRoute = lazyPage(() => import('../features/admin/routes/AdminRoute.tsx'), 'AdminRoute');
const BackupsRoute = lazyPage(() => import('../features/backups/routes/BackupsRoute.tsx'), 'BackupsRoute');
const AddCertificateRoute = lazyPage(() => import('../features/certificates/routes/CertificateEditorRoutes.tsx'), 'AddCertificateRoute');
const CopyCertificateRoute = lazyPage(() => import('../features/certificates/routes/CertificateEditorRoutes.tsx'), 'CopyCertificateRoute');
const EditCertificateRoute = lazyPage(() => import('../features/certificates/routes/CertificateEditorRoutes.tsx'), 'EditCertificateRoute');
const CertificateRoute = lazyPage(() => import('../features/certificates/routes/CertificateRoute.tsx'), 'CertificateRoute');
const CertificatesRoute = lazyPage(() => import('../features/certificates/routes/CertificatesRoute.tsx'), 'CertificatesRoute');
const DueReportRoute = lazyPage(() => import('../features/due-dates/routes/DueReportRoute.tsx'), 'DueReportRoute');
const EquipmentRoute = lazyPage(() => import('../features/equipment/routes/EquipmentRoute.tsx'), 'EquipmentRoute');
const CaseDuplicatesRoute = lazyPage(() => import('../features/case-duplicates/routes/CaseDuplicatesRoute.tsx'), 'CaseDuplicatesRoute');
const EquipmentTagsRoute = lazyPage(() => import('../features/equipment-tags/routes/EquipmentTagsRoute.tsx'), 'EquipmentTagsRoute');
const EventItemsRoute = lazyPage(() => import('../features/event-items/routes/EventItemsRoute.tsx'), 'EventItemsRoute');
const AddEventRoute = lazyPage(() => import('../features/events/routes/EventFormRoutes.tsx'), 'AddEventRoute');
const CopyEventRoute = lazyPage(() => import('../features/events/routes/EventFormRoutes.tsx'), 'CopyEventRoute');
const EditEventRoute = lazyPage(() => import('../features/events/routes/EventFormRoutes.tsx'), 'EditEventRoute');
const EventRoute = lazyPage(() => import('../features/events/routes/EventRoute.tsx'), 'EventRoute');
const EventsRoute = lazyPage(() => import('../features/events/routes/EventsRoute.tsx'), 'EventsRoute');
const HelpRoute = lazyPage(() => import('../features/files/routes/HelpRoute.tsx'), 'HelpRoute');
const EventTypesRoute = lazyPage(() => import('../features/folders/routes/eventTypeRoutes.tsx'), 'EventTypesRoute');
const StatusesRoute = lazyPage(() => import('../features/folders/routes/eventTypeRoutes.tsx'), 'StatusesRoute');
const ProjectsRoute = lazyPage(() => import('../features/folders/routes/rigRoutes.tsx'), 'ProjectsRoute');
const RigsRoute = lazyPage(() => import('../features/folders/routes/rigRoutes.tsx'), 'RigsRoute');
const NotificationsRoute = lazyPage(() => import('../features/notifications/routes/NotificationsRoute.tsx'), 'NotificationsRoute');
const DimensionsRoute = lazyPage(() => import('../features/owners/routes/DimensionsRoute.tsx'), 'DimensionsRoute');
const OwnersRoute = lazyPage(() => import('../features/owners/routes/OwnersRoute.tsx'), 'OwnersRoute');
const OwnerTypesRoute = lazyPage(() => import('../features/owners/routes/OwnerTypesRoute.tsx'), 'OwnerTypesRoute');
const SubTypesRoute = lazyPage(() => import('../features/owners/routes/SubTypesRoute.tsx'), 'SubTypesRoute');
const GeneralReportRoute = lazyPage(() => import('../features/reports/routes/GeneralReportRoute.tsx'), 'GeneralReportRoute');
const MooringSpreadRoute = lazyPage(() => import('../features/reports/routes/Owner83Routes.tsx'), 'MooringSpreadRoute');
const TopChainIdHistoryRoute = lazyPage(() => import('../features/reports/routes/Owner83Routes.tsx'), 'TopChainIdHistoryRoute');
const OwnerOneReportRoute = lazyPage(() => import('../features/reports/routes/OwnerReportRoute.tsx'), 'OwnerOneReportRoute');
const ReportSettingsRoute = lazyPage(() => import('../features/reports/routes/ReportSettingsRoute.tsx'), 'ReportSettingsRoute');
const PredictedDiscardRoute = lazyPage(() => import('../features/reports/routes/PredictedDiscardRoute.tsx'), 'PredictedDiscardRoute');
const ReportsRoute = lazyPage(() => import('../features/reports/routes/ReportsRoute.tsx'), 'ReportsRoute');
const SearchRoute = lazyPage(() => import('../features/search/routes/SearchRoute.tsx'), 'SearchRoute');
const UnlinkedRoute = lazyPage(() => import('../features/unlinked/routes/UnlinkedRoute.tsx'), 'UnlinkedRoute');
const UserEditRoute = lazyPage(() => import('../features/users/routes/UserEditRoute.tsx'), 'UserEditRoute');
const UsersRoute = lazyPage(() => import('../features/users/routes/UsersRoute.tsx'), 'UsersRoute');

/** One signed-in page: where it lives, what it shows and who may open it (spec sections 2 and 6). */
export interface Page extends PageAccess {
  /** The address, as React Router matches it ('/Admin/Owners/:ownerId'). */
  path: string;
  Component: Preloadable<object>;
  /** Where a user who may not open the page goes instead of seeing access denied. */
  deniedRedirect?: string;
}

/**
 * The pages of an Admin menu entry (spec section 2, /Admin/...): internal staff with the level the
 * contract's adminMenu gives the entry (spec section 6), which is written only there, and all owners
 * where it says so.
 */
function adminPage(key: AdminMenuKey): PageAccess {
  const entry = adminMenu.find((link) => link.key === key)!;
  return { level: entry.level, internal: true, ...('allOwners' in entry && { allOwners: entry.allOwners }) };
}

/**
 * The route table of the signed-in pages. The router builds its routes from it, and every link in the
 * frame, the user menu and the Admin page is shown only when its address is here and the user may
 * open it. A screen that is not built yet is simply absent: its links stay hidden and its address
 * shows page not found. Add a screen here and its links appear.
 */
export const pages: Page[] = [
  // Spec section 2: external users and level None are sent to their reports, not refused.
  { path: '/Events', Component: EventsRoute, level: 'Read', internal: true, deniedRedirect: '/Reports' },
  { path: '/Events/Search/:search', Component: EventsRoute, level: 'Read', internal: true, deniedRedirect: '/Reports' },
  // Events level adds, copies and edits events (section 6). Fixed segments before '/Events/:id'.
  { path: '/Events/Add', Component: AddEventRoute, level: 'Events', internal: true },
  { path: '/Events/Add/:id', Component: CopyEventRoute, level: 'Events', internal: true },
  { path: '/Events/Edit/:id/Details', Component: EditEventRoute, level: 'Events', internal: true },
  { path: '/Events/:id', Component: EventRoute, level: 'Read', internal: true },
  // Section 6 hides Help only from Report users: internal staff at level None read it too.
  { path: '/Help', Component: HelpRoute, internal: true },
  // External users see their owners' equipment; the server answers 404 for others.
  { path: '/Equipment/:stampedId', Component: EquipmentRoute, level: 'Read' },
  // Every signed-in user sees Admin; the page lists only the entries they may open.
  { path: '/Admin', Component: AdminRoute },
  // Read level reads certificates; external users read their owners' (the server scopes the data).
  // Only the Admin page's link needs Certificates level (contract adminMenu). Certificate pages with a
  // fixed segment (Add, Edit) must come before '/Certificates/:id', which findPage would match first.
  { path: '/Certificates', Component: CertificatesRoute, level: 'Read' },
  { path: '/Certificates/Search/:search', Component: CertificatesRoute, level: 'Read' },
  // Certificates level adds, copies and edits certificates (section 6); internal staff only.
  { path: '/Certificates/Add', Component: AddCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/Add/:id', Component: CopyCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/Edit/:id', Component: EditCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/:id', Component: CertificateRoute, level: 'Read' },
  // The Admin menu's pages: the level is the entry's in the contract's adminMenu.
  { path: '/Admin/EquipmentTags', Component: EquipmentTagsRoute, ...adminPage('EquipmentTags') },
  { path: '/Admin/Unlinked', Component: UnlinkedRoute, ...adminPage('Unlinked') },
  { path: '/Admin/CaseDuplicates', Component: CaseDuplicatesRoute, ...adminPage('CaseDuplicates') },
  { path: '/Admin/Events', Component: EventTypesRoute, ...adminPage('EventTypes') },
  { path: '/Admin/Events/:id', Component: StatusesRoute, ...adminPage('EventTypes') },
  { path: '/Admin/Rigs', Component: RigsRoute, ...adminPage('Rigs') },
  { path: '/Admin/Rigs/:id', Component: ProjectsRoute, ...adminPage('Rigs') },
  { path: '/Admin/Owners', Component: OwnersRoute, ...adminPage('Owners') },
  { path: '/Admin/Owners/:ownerId', Component: OwnerTypesRoute, ...adminPage('Owners') },
  { path: '/Admin/Owners/:ownerId/:typeId', Component: SubTypesRoute, ...adminPage('Owners') },
  { path: '/Admin/Owners/:ownerId/:typeId/:subTypeId', Component: DimensionsRoute, ...adminPage('Owners') },
  { path: '/Admin/Users', Component: UsersRoute, ...adminPage('Users') },
  { path: '/Admin/Users/:id', Component: UserEditRoute, ...adminPage('Users') },
  // Events level edits an event's equipment (section 6); the rest of the address opens the item dialog or its history.
  { path: '/Events/Edit/:id/Equipment/*', Component: EventItemsRoute, level: 'Events', internal: true },
  { path: '/Admin/Notifications', Component: NotificationsRoute, ...adminPage('Notifications') },
  // Reports: every signed-in user (the landing page of external users and level None); the owner
  // 1 and 83 screens check that owner themselves (access denied without it), as the server does.
  { path: '/Reports', Component: ReportsRoute },
  { path: '/Reports/General', Component: GeneralReportRoute },
  { path: '/Reports/Due', Component: DueReportRoute },
  { path: '/Reports/PredictedDiscard', Component: PredictedDiscardRoute },
  { path: '/Reports/Settings', Component: ReportSettingsRoute, level: 'Admin', internal: true },
  { path: '/Reports/1/:screen', Component: OwnerOneReportRoute },
  { path: '/Reports/83/MooringSpread', Component: MooringSpreadRoute },
  { path: '/Reports/83/TopChainIdHistory', Component: TopChainIdHistoryRoute },
  // Every signed-in user changes their own password (the user menu's link).
  { path: '/Changepassword', Component: ChangePasswordRoute },
  // Backups hold every owner's rows: users with all owners only (docs/security.md rule 21), as the server.
  { path: '/Admin/Backups', Component: BackupsRoute, ...adminPage('Backups') },
  // Global search (the top bar's box): every internal user, level None included, as the look-ups it calls (spec sections 2 and 6).
  { path: '/Search', Component: SearchRoute, internal: true },
  { path: '/Search/:search', Component: SearchRoute, internal: true },
];

/** The page at this address, if the table has one. */
export function findPage(path: string, table: readonly Page[] = pages): Page | undefined {
  const pathname = path.split(/[?#]/)[0];
  return table.find((page) => matchPath({ path: page.path, end: true }, pathname));
}

/** True when the address is a page of the table and the user may open it. */
export function canOpen(user: CurrentUser, path: string, table: readonly Page[] = pages): boolean {
  const page = findPage(path, table);
  return page !== undefined && mayOpen(user, page);
}
