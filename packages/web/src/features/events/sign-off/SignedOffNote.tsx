import { Alert } from '@mantine/core';
import type { SignOff } from '@portal/contract';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format.ts';

/** 'Signed off by Kari Nordmann (Level 2 MPI, Nordic Rope Survey AS) on 25.11.2026 - 09:14' (docs/sign-off.md). */
export const signedOffText = (s: SignOff) =>
  `Signed off by ${s.signedBy} (${s.qualification}, ${s.company}) on ${formatDateTime(s.signedAt)}`;

/** The line every screen of a signed event shows; `readOnly` adds why nothing can be changed. */
export function SignedOffNote({ signOff, readOnly = false }: { signOff: SignOff; readOnly?: boolean }) {
  return (
    <Alert
      // Filled and dark: the light variant's teal title is too pale on its background (WCAG AA).
      color="teal.9"
      variant="filled"
      mb="md"
      icon={<IconRosetteDiscountCheck size={20} aria-hidden />}
      title={signedOffText(signOff)}
      role="status"
      aria-label="Signed off"
    >
      {readOnly
        ? 'This event is sealed: it is read, not changed; corrections are recorded as amendments. A notification can still be turned on or off.'
        : null}
    </Alert>
  );
}
