import { useEffect } from 'react';

/**
 * Why a keyboard-wedge scan must not open equipment (scan anywhere, docs/ui.md "Scanning"): the page
 * takes scans itself (the event's equipment editor adds the item), or a form has unsaved changes
 * that leaving would lose. Chip fields and the login page need no hold: a scan typed into a field is
 * the field's (lib/keyboardScanner.ts counts only keys typed on the page or into a scan target).
 */
export type ScanHold = 'page' | 'unsaved';

const holds = new Map<symbol, ScanHold>();

/** Holds scans while mounted and `active`. */
export function useScanHold(hold: ScanHold, active = true): void {
  useEffect(() => {
    if (!active) return;
    const key = Symbol(hold);
    holds.set(key, hold);
    return () => {
      holds.delete(key);
    };
  }, [hold, active]);
}

/** What holds scans now: the page's own use of them comes first. */
export function currentScanHold(): ScanHold | null {
  const all = [...holds.values()];
  return all.includes('page') ? 'page' : all.includes('unsaved') ? 'unsaved' : null;
}
