import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Mantine's darkest green (#2b8a3e) reads 4.4:1 under white or on its tint; this one reads 5:1 or better. */
export const DARK_GREEN = '#1f6e31';

/** A deep sea blue (UI.md: one primary colour for actions), lightest to darkest. */
const deepSea: MantineColorsTuple = [
  '#e7f2f9',
  '#cfe2ef',
  '#a1c4de',
  '#6fa4cc',
  '#4689bd',
  '#2d78b3',
  '#1c6ba7',
  '#0f5a8f',
  '#0a4a77',
  '#063a5f',
];

export const theme = createTheme({
  primaryColor: 'deepSea',
  primaryShade: { light: 7, dark: 5 },
  colors: { deepSea },
  defaultRadius: 'sm',
  // Spec section 2: the navbar collapses at 768 px and 1024 px (sm and md here).
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Buttons without text need a name (axe): the close and clear crosses of toasts, dialogs and inputs.
  // Plain objects, not Component.extend(), so that the theme does not pull those components into the login page.
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    Badge: { defaultProps: { autoContrast: true } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: string) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` }),
      },
    },
  },
});

/**
 * Mantine's dimmed text (gray 6) has a contrast of 3.3:1 on white, below the 4.5:1 that WCAG asks of
 * small text; gray 7 passes. Every description line and hint uses it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders (Mantine's grey 5) read 2.5:1; this grey reads 4.7:1 and still looks like a hint.
    '--mantine-color-placeholder': '#6c757d',
    // Field errors (and a field's text while in error) in red 6 read 3.5:1; red 9 reads 5.6:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Light badges and buttons write in the colour's shade 6 on its lightest tint (about 3:1); shade 9 reads 4.5:1 or better.
    '--mantine-color-green-light-color': DARK_GREEN,
    '--mantine-color-orange-light-color': '#a33a0b',
    '--mantine-color-yellow-light-color': '#8a5300',
    ...Object.fromEntries(
      ['gray', 'red', 'blue', 'cyan', 'deepSea'].map((color) => [
        `--mantine-color-${color}-light-color`,
        `var(--mantine-color-${color}-9)`,
      ]),
    ),
  },
  dark: {},
});
