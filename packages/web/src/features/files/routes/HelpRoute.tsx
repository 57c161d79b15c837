import { Text } from '@mantine/core';
import { fileEndpoints, hasLevel } from '@portal/contract';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { HelpTable } from '../components/HelpTable.tsx';
import { HelpUploadForm } from '../components/HelpUploadForm.tsx';

/** /Help: internal users at any level (section 6 hides help only from Report users; the route table checks). */
export function HelpRoute() {
  const canManage = hasLevel(useSignedInUser(), 'Admin');
  const help = useEndpoint(fileEndpoints.help);
  return (
    <>
      <PageHeader title="Help">{canManage && <HelpUploadForm />}</PageHeader>
      <Text size="sm" c="dimmed" mt={-8} mb="sm">
        {canManage
          ? 'Manuals and guides for everyone at work here. Upload PDF, images or office documents (Word, Excel, PowerPoint), up to 20 MB.'
          : 'Manuals and guides. Click a file name to download it.'}
      </Text>
      <HelpTable
        files={help.data}
        status={listStatus(help)}
        canManage={canManage}
        emptyText={canManage ? 'No help files yet. Upload one with Upload.' : 'No help files yet.'}
      />
    </>
  );
}
