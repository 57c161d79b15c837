import { type ComboboxItem, Select, type SelectProps, TextInput } from '@mantine/core';
import { useAfterFirstRows } from '../lib/firstRows.ts';

/**
 * A list's filter select that mounts after the list's first rows have painted (lib/firstRows.ts); until
 * then a disabled look-alike field of the same size holds its place, showing the chosen option or the
 * placeholder. A Mantine Select positions its hidden option list on mount (floating-ui's forced style
 * reads): three of them were the biggest part of /Events' render before its rows (docs/ui.md "First
 * rows on a phone").
 */
export function AfterFirstRowsSelect(props: SelectProps) {
  const ready = useAfterFirstRows();
  if (ready) return <Select {...props} />;
  const chosen = (props.data ?? []).find((item) => typeof item === 'object' && 'value' in item && item.value === props.value) as
    | ComboboxItem
    | undefined;
  return (
    <TextInput
      label={props.label}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      value={chosen?.label ?? ''}
      disabled
      readOnly
      w={props.w}
      size={props.size}
      style={props.style}
      className={props.className}
    />
  );
}
