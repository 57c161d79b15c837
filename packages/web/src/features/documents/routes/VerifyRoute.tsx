import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type DocumentCheck, documentEndpoints } from '@portal/contract';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountCard } from '../../account/index.ts';

const KIND_TEXT: Record<DocumentCheck['kind'], string> = {
  eventReport: 'Inspection report of a signed-off event',
  itemEvidence: "An item's evidence: its certificate and inspections",
  surveyPack: "An owner's survey pack for one rig",
};

/**
 * /Verify/{code}: anyone holding an issued document (its printed link or QR code) checks it here without
 * signing in (issue 25 part 4, docs/sign-off.md). Only the document's own facts show: never an owner,
 * a rig or a stamped id.
 */
export function VerifyRoute() {
  usePageTitle('Check a document');
  const { code = '' } = useParams();
  const check = useEndpoint(documentEndpoints.verify, { params: { code } }, { meta: { toastErrors: false }, retry: false });
  return (
    <AccountCard title="Check a document" intro="What the portal recorded when it issued this document.">
      {check.isPending ? (
        <Skeleton h={180} />
      ) : check.isError ? (
        <Alert color="red" icon={<IconCircleX size={18} aria-hidden />} role="alert" title="Not checked">
          {isApiError(check.error) ? check.error.message : 'The check could not be made: try again.'}
          {isApiError(check.error) && check.error.status === 404 && (
            <Text size="sm" mt={4}>
              Compare the link with the one printed on the document, or scan its QR code again.
            </Text>
          )}
        </Alert>
      ) : (
        <DocumentFacts document={check.data} />
      )}
      <Anchor component={Link} to="/" size="sm" ta="center">
        Sign in to the portal
      </Anchor>
    </AccountCard>
  );
}

function DocumentFacts({ document }: { document: DocumentCheck }) {
  const fact = (label: string, value: string, mono = false) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
  return (
    <Stack gap="sm">
      <Stack gap={4} role="status">
        <Group gap={6}>
          {document.valid ? (
            <IconCircleCheck size={22} color="var(--mantine-color-green-9)" aria-hidden />
          ) : (
            <IconCircleX size={22} color="var(--mantine-color-red-9)" aria-hidden />
          )}
          <Text fw={700} size="lg">
            {document.valid ? 'Valid' : 'Not valid'}
          </Text>
        </Group>
        <Text size="sm">
          {document.valid
            ? document.kind !== 'eventReport'
              ? 'Issued whole, and every signed-off inspection it shows is unaltered since it was signed off.'
              : 'Issued whole, and the record it shows is unaltered since it was signed off.'
            : document.sha256
              ? 'A record this document shows has changed since it was signed off.'
              : 'This document was not issued whole: its download did not end.'}
        </Text>
      </Stack>
      {fact('Document', document.documentNumber)}
      {fact('Kind', KIND_TEXT[document.kind])}
      {fact('Issued', formatDateTime(document.issuedAt))}
      {fact('Signed off by', document.signedBy)}
      {document.sha256 && fact('SHA-256 of the file as issued', document.sha256, true)}
      {document.sha256 && (
        <Text size="xs" c="dimmed">
          A copy is the issued file when its SHA-256 is the same (for example, as sha256sum report.pdf prints it).
        </Text>
      )}
    </Stack>
  );
}
