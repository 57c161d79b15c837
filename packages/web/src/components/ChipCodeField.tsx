import { Button, Group, TextInput } from '@mantine/core';
import { CHIP_CODE_PATTERN, SCAN_CODE_LENGTH, userMessages } from '@portal/contract';
import { IconNfc } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../lib/api/ApiError.ts';
import { showErrorToast } from '../lib/notify.tsx';

interface ChipCodeFieldProps {
  /** The field's label and the form's name ('Add chip', 'Replace with chip'). */
  label: string;
  /** The button ('Add', 'Replace'). */
  submitLabel: string;
  pending: boolean;
  /** Saves the code; resolves once saved (the field empties), a refusal rejects. */
  onSubmit: (chipId: string) => Promise<unknown>;
}

/**
 * The one chip-code entry (equipment's chips and a user's sign-in chip): typed, or scanned by a
 * keyboard-wedge reader that types the 16-character code and Enter, so Enter adds. A malformed code
 * is refused before any call; the server's refusal of this chip (spec section 8) shows under the
 * field, anything else as a toast.
 */
export function ChipCodeField({ label, submitLabel, pending, onSubmit }: ChipCodeFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chipId = code.trim();
    if (!CHIP_CODE_PATTERN.test(chipId)) {
      setError(userMessages.chipCode);
      return;
    }
    onSubmit(chipId).then(
      () => setCode(''),
      (failure: unknown) => {
        const fields = isApiError(failure) ? Object.values(failure.fieldErrors).flat() : [];
        if (fields.length) setError(fields.join(' '));
        else {
          setError(failure instanceof Error ? failure.message : String(failure));
          showErrorToast(failure);
        }
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          placeholder="Chip code"
          autoComplete="off"
          maxLength={SCAN_CODE_LENGTH}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} variant="default" leftSection={<IconNfc size={16} />} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
