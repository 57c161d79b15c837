import type { LabelColor } from '@portal/contract';

/**
 * How each spec label colour is named on screen: its meaning and the colour it shows (UI.md colour
 * mapping), so that 'default' is not mistaken for the Default flag.
 */
export const colorNames: Record<LabelColor, string> = {
  none: 'None (no badge)',
  default: 'Default (grey)',
  primary: 'Primary (blue)',
  success: 'Success (green)',
  info: 'Info (cyan)',
  warning: 'Warning (yellow)',
  danger: 'Danger (red)',
};
