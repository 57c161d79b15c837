import { useMediaQuery } from '@mantine/hooks';

/** Below 768 px (spec section 2's first breakpoint): phone layout (UI.md "Under 768 px"). */
export const NARROW_QUERY = '(max-width: 48em)';

/**
 * Read at the first render, not in an effect: otherwise a phone renders every table once at desktop
 * width and again at phone width (twice the first paint's work on /Events).
 */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
