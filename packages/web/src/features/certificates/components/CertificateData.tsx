import { Paper, SimpleGrid } from '@mantine/core';
import type { CertificateDetail } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { DataField, DataNote, plainText } from '../../../components/DataField.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { OwnerBadge } from './OwnerBadge.tsx';

const audit = (who: string | null, when: string) => `${formatDateTime(when)}${who ? ` by ${who}` : ''}`;

/** The certificate's own fields (spec section 3) and where it sits in the owner's catalogue. */
export function CertificateData({ certificate: c }: { certificate: CertificateDetail }) {
  return (
    <Paper withBorder radius="sm" p="md" mb="lg" component="section" aria-label="Certificate data">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <DataField label="Owner">
          <OwnerBadge owner={c.owner} wrap />
        </DataField>
        <DataField label="Type">{plainText(c.type.name)}</DataField>
        <DataField label="Sub-type">{plainText(c.subType.name)}</DataField>
        <DataField label="Dimension">{plainText(c.dimension.name)}</DataField>
        <DataField label="Manufacturer">{plainText(c.manufacturer)}</DataField>
        <DataField label="Quality">{plainText(c.quality)}</DataField>
        <DataField label="Certified to code">{plainText(c.certifiedToCode)}</DataField>
        <DataField label="Date signed">{plainText(c.dateSigned && formatDate(c.dateSigned))}</DataField>
        <DataField label="Issued by">{plainText(c.certificateIssuedBy)}</DataField>
        <DataField label="Colour">{c.color !== 'none' ? <ColorBadge color={c.color}>{c.color}</ColorBadge> : null}</DataField>
        <DataField label="Created">{plainText(audit(c.createdBy, c.createdDate))}</DataField>
        <DataField label="Updated">{plainText(audit(c.updatedBy, c.updatedDate))}</DataField>
      </SimpleGrid>
      <DataNote label="Other information" text={c.otherInformation} />
    </Paper>
  );
}
