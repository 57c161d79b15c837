/**
 * The reconciliation of a scanning session (issue 29 part 3): of the items expected, which were found
 * by a scan, which are missing, and which scans found something not expected. Stamped ids are one item
 * whatever their case (decision 063); a scan that found no item counts as unexpected by its code.
 */
export interface Reconciliation {
  expected: string[];
  found: string[];
  missing: string[];
  unexpected: string[];
}

/** A scan of the session: the item's stamped id, or null when no item carries the code. */
export interface SessionScan {
  code: string;
  stampedId: string | null;
}

export function reconcile(expected: string[], scans: SessionScan[]): Reconciliation {
  const key = (id: string) => id.toLowerCase();
  const wanted = new Map<string, string>();
  for (const id of expected) if (!wanted.has(key(id))) wanted.set(key(id), id);
  const seen = new Set<string>();
  const found: string[] = [];
  const unexpected: string[] = [];
  for (const scan of scans) {
    const name = scan.stampedId ?? scan.code;
    const k = scan.stampedId ? key(scan.stampedId) : `chip:${key(scan.code)}`;
    // A chip read twice (a reader repeats itself) is one find.
    if (seen.has(k)) continue;
    seen.add(k);
    const expectedId = scan.stampedId ? wanted.get(k) : undefined;
    if (expectedId) found.push(expectedId);
    else unexpected.push(name);
  }
  const missing = [...wanted.entries()].filter(([k]) => !seen.has(k)).map(([, id]) => id);
  return { expected: [...wanted.values()], found, missing, unexpected };
}
