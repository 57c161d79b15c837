import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * A search or filter box: the search icon before, a clear button after while it holds text. The
 * clear button calls `onClear`, or else `onChange('')`.
 */
export function SearchField({
  value,
  onChange,
  onClear,
  clearLabel = 'Clear the search',
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  onClear?: () => void;
  clearLabel?: string;
}) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label={clearLabel} onClick={onClear ?? (() => onChange(''))} /> : null}
      {...props}
    />
  );
}
