import { SCAN_CODE_LENGTH, SCAN_WINDOW_MS } from '@portal/contract';
import { useEffect, useRef } from 'react';

/**
 * The app's one keyboard-wedge scanner reader (spec sections 1 and 9): an RFID reader "types" the chip
 * code as fast key presses. A scan is the first 16 characters typed within a 1300 ms window, so a
 * person typing (well over 80 ms a key) never fills the window, and several scans in a row each land
 * as their own code because the buffer starts afresh after every completed scan.
 */
export interface ScanBuffer {
  /** Feeds one typed character at `time` (ms); answers the code when this character completes a scan. */
  push(char: string, time: number): string | null;
  reset(): void;
}

export function createScanBuffer(windowMs = SCAN_WINDOW_MS, length = SCAN_CODE_LENGTH): ScanBuffer {
  let chars = '';
  let startedAt = 0;
  return {
    push(char, time) {
      // A character outside the window of the first one cannot belong to the same scan: it starts a new one.
      if (chars === '' || time - startedAt > windowMs) {
        chars = '';
        startedAt = time;
      }
      chars += char;
      if (chars.length < length) return null;
      const code = chars;
      chars = '';
      return code;
    },
    reset() {
      chars = '';
    },
  };
}

/** Put this attribute on an input that should take scans (e.g. a chip field); other inputs keep their typing. */
export const SCAN_TARGET_ATTRIBUTE = 'data-scan-target';

/**
 * Keys a reader sends between codes in a burst (spec sections 1 and 9): each ends the code being read
 * and is never a character of one. A code cut short by one (fewer than 16 characters) is dropped; the
 * characters after the 16th of a longer code are dropped at its separator, so a code is the first 16
 * characters before its separator.
 */
export const SCAN_SEPARATORS: readonly string[] = ['Enter', 'Tab', ','];

function isEditable(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Whether a key press counts towards a scan: keys typed on the page or into a scan target, never into
 * other fields. The hook handles separators before it asks.
 */
export function countsTowardsScan(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.key.length !== 1) return false;
  const target = event.target;
  if (!isEditable(target)) return true;
  return target.closest(`[${SCAN_TARGET_ATTRIBUTE}]`) !== null;
}

export interface ScanEvent {
  code: string;
  /** The scan target input the code was typed into, when it was typed into one. */
  target: HTMLElement | null;
}

export interface ScannerOptions {
  enabled?: boolean;
  /**
   * Keys the reader owns whatever has focus (scan mode, lib/scanMode.ts): they count and are stopped
   * before any control sees them. Without it only keys typed on the page or into a scan target count,
   * and no key is stopped, so typing into fields is untouched.
   */
  claims?: (event: KeyboardEvent) => boolean;
}

/**
 * Calls `onScan` for each scan while `enabled`. It listens on the document before anything else sees the
 * key. Times are the events' own time stamps (when the key was pressed), so a busy page that handles a
 * person's keys late does not squeeze them into a "scan".
 */
export function useKeyboardScanner(onScan: (scan: ScanEvent) => void, { enabled = true, claims }: ScannerOptions = {}) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const claimsRef = useRef(claims);
  claimsRef.current = claims;

  useEffect(() => {
    if (!enabled) return;
    const buffer = createScanBuffer();
    const onKeyDown = (event: KeyboardEvent) => {
      const taken = claimsRef.current?.(event) ?? false;
      if (taken) {
        event.preventDefault();
        event.stopPropagation();
      }
      if (event.key === 'Escape' || SCAN_SEPARATORS.includes(event.key)) {
        buffer.reset();
        return;
      }
      if (!taken && !countsTowardsScan(event)) return;
      const code = buffer.push(event.key, event.timeStamp);
      if (code === null) return;
      const target = isEditable(event.target) ? event.target : null;
      onScanRef.current({ code, target });
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
