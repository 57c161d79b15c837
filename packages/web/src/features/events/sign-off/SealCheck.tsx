import { Alert, Text } from '@mantine/core';
import { signOffEndpoints } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';

/** A signed event's seal, checked against its rows as they are now: a change made behind the portal shows here (docs/sign-off.md). */
export function SealCheck({ eventId }: { eventId: number }) {
  const seal = useEndpoint(signOffEndpoints.seal, { params: { id: eventId } }, { meta: { toastErrors: false } });
  if (!seal.data) return null;
  if (seal.data.valid)
    return (
      <Text size="xs" c="dimmed" mt={-8} mb="md" ff="monospace" title="SHA-256 of this seal">
        Seal {seal.data.hash.slice(0, 16)}… valid
      </Text>
    );
  return (
    <Alert
      color="red"
      variant="filled"
      mb="md"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title="The seal does not match"
      role="alert"
    >
      This event's records were changed after sign-off, outside the portal: they no longer give the seal's hash (
      {seal.data.hash.slice(0, 16)}…).
    </Alert>
  );
}
