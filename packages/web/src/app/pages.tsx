import type { CurrentUser } from '@portal/contract';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { AdminRoute } from '../features/admin/routes/AdminRoute.tsx';
import {
  AddCertificateRoute,
  CopyCertificateRoute,
  EditCertificateRoute,
} from '../features/certificates/routes/CertificateEditorRoutes.tsx';
import { CertificateRoute } from '../features/certificates/routes/CertificateRoute.tsx';
import { CertificatesRoute } from '../features/certificates/routes/CertificatesRoute.tsx';
import { EquipmentRoute } from '../features/equipment/routes/EquipmentRoute.tsx';
import { EquipmentTagsRoute } from '../features/equipment-tags/routes/EquipmentTagsRoute.tsx';
import { EventEquipmentRoute } from '../features/event-equipment/routes/EventEquipmentRoute.tsx';
import { EventsRoute } from '../features/events/routes/EventsRoute.tsx';
import { HelpRoute } from '../features/files/routes/HelpRoute.tsx';
import { EventTypesRoute, StatusesRoute } from '../features/folders/routes/eventTypeRoutes.tsx';
import { ProjectsRoute, RigsRoute } from '../features/folders/routes/rigRoutes.tsx';
import { NotificationsRoute } from '../features/notifications/routes/NotificationsRoute.tsx';
import { DimensionsRoute } from '../features/owners/routes/DimensionsRoute.tsx';
import { OwnersRoute } from '../features/owners/routes/OwnersRoute.tsx';
import { OwnerTypesRoute } from '../features/owners/routes/OwnerTypesRoute.tsx';
import { SubTypesRoute } from '../features/owners/routes/SubTypesRoute.tsx';
import { UnlinkedRoute } from '../features/unlinked/routes/UnlinkedRoute.tsx';
import { UserEditRoute } from '../features/users/routes/UserEditRoute.tsx';
import { UsersRoute } from '../features/users/routes/UsersRoute.tsx';
import { mayOpen, type PageAccess } from '../lib/pageAccess.tsx';

/** One signed-in page: where it lives, what it shows and who may open it (spec sections 2 and 6). */
export interface Page extends PageAccess {
  /** The address, as React Router matches it ('/Admin/Owners/:ownerId'). */
  path: string;
  Component: ComponentType;
  /** Where a user who may not open the page goes instead of seeing access denied. */
  deniedRedirect?: string;
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
  { path: '/Help', Component: HelpRoute, level: 'Read', internal: true },
  // External users see their owners' equipment; the server answers 404 for others.
  { path: '/Equipment/:stampedId', Component: EquipmentRoute, level: 'Read' },
  // Every signed-in user sees Admin; the page lists only the entries they may open.
  { path: '/Admin', Component: AdminRoute },
  // Read level reads certificates; external users read their owners' (the server scopes the data).
  // The Admin page's link needs Certificates level (contract adminMenu). Certificate pages with a
  // fixed segment (Add, Edit) must come before '/Certificates/:id', which findPage would match first.
  { path: '/Certificates', Component: CertificatesRoute, level: 'Read' },
  { path: '/Certificates/Search/:search', Component: CertificatesRoute, level: 'Read' },
  // Certificates level adds, copies and edits certificates (section 6); internal staff only.
  { path: '/Certificates/Add', Component: AddCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/Add/:id', Component: CopyCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/Edit/:id', Component: EditCertificateRoute, level: 'Certificates', internal: true },
  { path: '/Certificates/:id', Component: CertificateRoute, level: 'Read' },
  { path: '/Admin/EquipmentTags', Component: EquipmentTagsRoute, level: 'Certificates', internal: true },
  { path: '/Admin/Unlinked', Component: UnlinkedRoute, level: 'Certificates', internal: true },
  { path: '/Admin/Events', Component: EventTypesRoute, level: 'Admin', internal: true },
  { path: '/Admin/Events/:id', Component: StatusesRoute, level: 'Admin', internal: true },
  { path: '/Admin/Rigs', Component: RigsRoute, level: 'Events', internal: true },
  { path: '/Admin/Rigs/:id', Component: ProjectsRoute, level: 'Events', internal: true },
  { path: '/Admin/Owners', Component: OwnersRoute, level: 'Admin', internal: true },
  { path: '/Admin/Owners/:ownerId', Component: OwnerTypesRoute, level: 'Admin', internal: true },
  { path: '/Admin/Owners/:ownerId/:typeId', Component: SubTypesRoute, level: 'Admin', internal: true },
  { path: '/Admin/Owners/:ownerId/:typeId/:subTypeId', Component: DimensionsRoute, level: 'Admin', internal: true },
  { path: '/Admin/Users', Component: UsersRoute, level: 'SystemAdministrator', internal: true },
  { path: '/Admin/Users/:id', Component: UserEditRoute, level: 'SystemAdministrator', internal: true },
  // Events level edits an event's equipment (section 6); the rest of the address opens the item dialog or its history.
  { path: '/Events/Edit/:id/Equipment/*', Component: EventEquipmentRoute, level: 'Events', internal: true },
  { path: '/Admin/Notifications', Component: NotificationsRoute, level: 'Events', internal: true },
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
