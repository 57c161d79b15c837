import type { OwnerLabelColor } from '@portal/contract';

/**
 * How each label colour is named on every screen (docs/ui.md "Colour labels"): its meaning and the
 * colour it shows, so that 'default' is not mistaken for the Default flag. Pickers, tables and
 * previews all use these names; the raw values appear only where a file format needs them.
 */
export const colorNames: Record<OwnerLabelColor, string> = {
  none: 'None (no badge)',
  default: 'Default (grey)',
  primary: 'Primary (blue)',
  success: 'Success (green)',
  info: 'Info (cyan)',
  warning: 'Warning (yellow)',
  danger: 'Danger (red)',
  light: 'Light (light grey)',
};

/** Select options for a list of colours, named as above. */
export const colorOptions = <C extends OwnerLabelColor>(colors: readonly C[]) =>
  colors.map((value) => ({ value, label: colorNames[value] }));
