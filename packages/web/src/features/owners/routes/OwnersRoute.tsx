import { Button } from '@mantine/core';
import { ownerEndpoints } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEditParam } from '../../../components/useEditParam.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { OwnerDialog } from '../components/OwnerDialog.tsx';
import { OwnersTable } from '../components/OwnersTable.tsx';

/** /Admin/Owners: Admin level, internal staff (spec section 6; the route table checks). */
export function OwnersRoute() {
  const owners = useEndpoint(ownerEndpoints.list);
  const { editing, openNew, openEdit, close } = useEditParam();
  const edited = typeof editing === 'number' ? owners.data?.find((owner) => owner.id === editing) : undefined;

  return (
    <>
      <PageHeader
        title="Owners"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Owners' }]}
        description="The owners of equipment and their certificate types. Open an owner to edit its types."
      >
        <Button leftSection={<IconPlus size={18} />} onClick={openNew}>
          Add owner
        </Button>
      </PageHeader>
      <OwnersTable owners={owners.data} status={listStatus(owners)} onEdit={(owner) => openEdit(owner.id)} />
      {editing === 'new' && <OwnerDialog key="new" owner={null} onClose={close} />}
      {edited && <OwnerDialog key={edited.id} owner={edited} onClose={close} />}
    </>
  );
}
