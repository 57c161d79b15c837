import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { EquipmentCertificate } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';

/** A label above its value, as forms show them. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '–' : children}
      </Text>
    </div>
  );
}

/** The certificate the item is on; its number opens the certificate when that page exists and the user may open it. */
export function CertificateCard({
  certificateId,
  certificate,
}: {
  certificateId: number | null;
  certificate: EquipmentCertificate | null;
}) {
  const canOpen = useCanOpen();
  if (certificateId === null || !certificate) {
    return (
      <Paper withBorder p="md" radius="sm">
        <Title order={2} size="h4" mb="xs">
          Certificate
        </Title>
        <Text size="sm" c="dimmed">
          Unlinked: the item is on no certificate yet. Link it from Unlinked Equipment.
        </Text>
      </Paper>
    );
  }
  const to = `/Certificates/${certificateId}`;
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Certificate
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Certificate no">
            {canOpen(to) ? (
              <Anchor component={Link} to={to} size="sm" fw={600}>
                {certificate.certificateName}
              </Anchor>
            ) : (
              <Text span size="sm" fw={600}>
                {certificate.certificateName}
              </Text>
            )}
          </Fact>
          <Fact label="Owner">
            <Group gap={6} wrap="nowrap" align="flex-start">
              <span style={{ flex: 'none' }}>
                <ColorBadge color={certificate.owner.label} size="sm">
                  {certificate.owner.shortCode}
                </ColorBadge>
              </span>
              {certificate.owner.name}
            </Group>
          </Fact>
          <Fact label="Signed">{formatDate(certificate.dateSigned)}</Fact>
          <Fact label="Type">{certificate.type.name}</Fact>
          <Fact label="Sub-type">{certificate.subType.name}</Fact>
          <Fact label="Dimension">{certificate.dimension.name}</Fact>
          <Fact label="Quality">{certificate.quality}</Fact>
          <Fact label="Manufacturer">{certificate.manufacturer}</Fact>
          <Fact label="Certified to code">{certificate.certifiedToCode}</Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
