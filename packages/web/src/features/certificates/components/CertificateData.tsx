import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CertificateDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { OwnerBadge } from './OwnerBadge.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>
        {children ?? (
          <Text span size="sm" c="dimmed">
            -
          </Text>
        )}
      </div>
    </Stack>
  );
}

const textOrDash = (value: string | null) =>
  value ? (
    <Text span size="sm">
      {value}
    </Text>
  ) : null;

const audit = (who: string | null, when: string) => `${formatDateTime(when)}${who ? ` by ${who}` : ''}`;

/** The certificate's own fields (spec section 3) and where it sits in the owner's catalogue. */
export function CertificateData({ certificate: c }: { certificate: CertificateDetail }) {
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Certificate data">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <Field label="Owner">
          <OwnerBadge owner={c.owner} wrap />
        </Field>
        <Field label="Type">{textOrDash(c.type.name)}</Field>
        <Field label="Sub-type">{textOrDash(c.subType.name)}</Field>
        <Field label="Dimension">{textOrDash(c.dimension.name)}</Field>
        <Field label="Manufacturer">{textOrDash(c.manufacturer)}</Field>
        <Field label="Quality">{textOrDash(c.quality)}</Field>
        <Field label="Certified to code">{textOrDash(c.certifiedToCode)}</Field>
        <Field label="Date signed">{textOrDash(c.dateSigned && formatDate(c.dateSigned))}</Field>
        <Field label="Issued by">{textOrDash(c.certificateIssuedBy)}</Field>
        <Field label="Colour">{c.color !== 'none' ? <ColorBadge color={c.color}>{c.color}</ColorBadge> : null}</Field>
        <Field label="Created">{textOrDash(audit(c.createdBy, c.createdDate))}</Field>
        <Field label="Updated">{textOrDash(audit(c.updatedBy, c.updatedDate))}</Field>
      </SimpleGrid>
      {c.otherInformation && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Other information
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.otherInformation}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
