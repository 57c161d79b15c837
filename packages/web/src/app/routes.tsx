import type { RouteObject } from 'react-router';
import { AccessDeniedPage } from '../components/AccessDeniedPage.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { LoginRoute } from '../features/account/routes/LoginRoute.tsx';
import { AdminRoute } from '../features/admin/routes/AdminRoute.tsx';
import { EquipmentTagsRoute } from '../features/equipment-tags/routes/EquipmentTagsRoute.tsx';
import { EventsRoute } from '../features/events/routes/EventsRoute.tsx';
import { HelpRoute } from '../features/files/routes/HelpRoute.tsx';
import { EventTypesRoute, StatusesRoute } from '../features/folders/routes/eventTypeRoutes.tsx';
import { ProjectsRoute, RigsRoute } from '../features/folders/routes/rigRoutes.tsx';
import { DimensionsRoute } from '../features/owners/routes/DimensionsRoute.tsx';
import { OwnersRoute } from '../features/owners/routes/OwnersRoute.tsx';
import { OwnerTypesRoute } from '../features/owners/routes/OwnerTypesRoute.tsx';
import { SubTypesRoute } from '../features/owners/routes/SubTypesRoute.tsx';
import { UserEditRoute } from '../features/users/routes/UserEditRoute.tsx';
import { UsersRoute } from '../features/users/routes/UsersRoute.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { FrameLayout } from './FrameLayout.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * The route table. Screens not built yet (Admin, Help, Reports, Search, ...) fall through to page
 * not found on purpose; the frame already links to them.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <LoginRoute /> },
      {
        element: <FrameLayout requireLogin />,
        children: [
          { path: 'Events', element: <EventsRoute /> },
          { path: 'Help', element: <HelpRoute /> },
          { path: 'Admin', element: <AdminRoute /> },
          { path: 'Admin/EquipmentTags', element: <EquipmentTagsRoute /> },
          { path: 'Admin/Events', element: <EventTypesRoute /> },
          { path: 'Admin/Events/:id', element: <StatusesRoute /> },
          { path: 'Admin/Rigs', element: <RigsRoute /> },
          { path: 'Admin/Rigs/:id', element: <ProjectsRoute /> },
          { path: 'Admin/Owners', element: <OwnersRoute /> },
          { path: 'Admin/Owners/:ownerId', element: <OwnerTypesRoute /> },
          { path: 'Admin/Owners/:ownerId/:typeId', element: <SubTypesRoute /> },
          { path: 'Admin/Owners/:ownerId/:typeId/:subTypeId', element: <DimensionsRoute /> },
          { path: 'Admin/Users', element: <UsersRoute /> },
          { path: 'Admin/Users/:id', element: <UserEditRoute /> },
        ],
      },
      {
        element: <FrameLayout />,
        children: [
          { path: '401', element: <AccessDeniedPage /> },
          { path: '404', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
