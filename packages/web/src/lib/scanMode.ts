import { SCAN_SEPARATORS } from './keyboardScanner.ts';

/**
 * Scan mode's rule (decision 065), for useKeyboardScanner's `claims`: the keyboard belongs to the reader.
 * Every character key and separator counts, whatever has focus, and is kept from the focused control (a
 * select keeps its value, a field gets no characters, Tab does not move focus). Keys with Ctrl, Alt or
 * Meta, other keys (arrows, Escape) and keys in a dialog over the page stay the person's. Kept apart from
 * the scanner so that the login page, which has no scan mode, does not load it.
 */
export function readerOwnsKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  if (event.key.length !== 1 && !SCAN_SEPARATORS.includes(event.key)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"]'));
}
