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

/**
 * Every dialog's scroll lock (its `removeScrollProps`; the confirmations' too, AppFrame's ModalsProvider):
 * the part that stops the page behind from scrolling (listeners), not the part that hides the page's
 * scroll bar. That part inserts a style sheet and sets a variable on the body, so the browser restyles
 * the whole page behind the dialog (the event editor's 50 cards: 190 ms at 4x CPU as the item dialog
 * opened, docs/ui.md "Sixth round"), and the page behind would change width by the bar.
 */
export const scrollLock = { removeScrollBar: false };

/** A dialog's place: the whole screen under 768 px, centred above. */
export function useDialogLayout() {
  const narrow = useNarrow();
  return { fullScreen: narrow, centered: !narrow, removeScrollProps: scrollLock };
}
