import { type Folder, folderEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { FolderListPage, ParentGate } from '../components/FolderListPage.tsx';

const adminCrumb = { label: 'Admin', to: '/Admin' };
const rigsCrumb = { label: 'Rigs', to: '/Admin/Rigs' };

/** A missing parent shows 'Page not found' on the page itself, so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Rigs: rigs, Events level (spec section 6, Admin menu Rigs; the route table checks). */
export function RigsRoute() {
  const list = useEndpoint(folderEndpoints.rigs);
  return (
    <FolderListPage
      kind="rig"
      parentId={null}
      title="Rigs"
      description="Open a rig to keep its projects. Disabled rigs leave the event form but stay on existing events."
      crumbs={[adminCrumb, { label: 'Rigs' }]}
      list={list}
      linkTo={(rig) => `/Admin/Rigs/${rig.id}`}
    />
  );
}

/** /Admin/Rigs/{id}: the projects of one rig. */
export function ProjectsRoute() {
  const ids = useRouteIds('id');
  return ids ? <ProjectsPage rigId={ids.id} /> : <NotFoundPage />;
}

function ProjectsPage({ rigId }: { rigId: number }) {
  const rig = useEndpoint(folderEndpoints.rig, { params: { id: rigId } }, quiet);
  return (
    <ParentGate what="rig" parent={rig}>
      {(parent) => <ProjectList rig={parent} />}
    </ParentGate>
  );
}

function ProjectList({ rig }: { rig: Folder }) {
  const list = useEndpoint(folderEndpoints.rigProjects, { params: { id: rig.id } });
  return (
    <FolderListPage
      kind="project"
      parentId={rig.id}
      title="Projects"
      description="The event form offers the enabled projects of the chosen rig. Disabled projects stay on existing events."
      crumbs={[adminCrumb, rigsCrumb, { label: rig.name }]}
      list={list}
    />
  );
}
