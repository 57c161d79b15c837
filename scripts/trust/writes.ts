/**
 * The trust suite's write load: POST /api/Rigs with a name derived from a client id. Rig names are
 * unique, so the write is idempotent by client id: a write whose outcome is unknown (the answer was cut
 * off, or a 503) is sent again, where 201 (it had not committed) or 400 "already exists" (it had) both
 * settle it.
 */
const REQUEST_TIMEOUT_MS = Number(process.env.TRUST_REQUEST_TIMEOUT_MS ?? 60_000);

export type Outcome = 'acknowledged' | 'refused' | 'unknown';

export const rigName = (run: string, clientId: number) => `fault ${run} ${clientId}`;

/** One write; `timedOut` when no answer came within the request timeout (a hang). */
export async function createRig(
  baseUrl: string,
  token: string,
  name: string,
): Promise<{ outcome: Outcome; status?: number; timedOut?: boolean }> {
  try {
    const response = await fetch(`${baseUrl}/api/Rigs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.text();
    if (response.status === 201 || response.status === 200) return { outcome: 'acknowledged', status: response.status };
    // Sent again after a restart: the first attempt had been committed.
    if (response.status === 400 && body.includes('already exists')) return { outcome: 'acknowledged', status: 400 };
    return { outcome: response.status >= 500 ? 'unknown' : 'refused', status: response.status };
  } catch (error) {
    // Connection reset by a kill, or no answer in time: the write may or may not have committed.
    return { outcome: 'unknown', timedOut: (error as Error).name === 'TimeoutError' };
  }
}

export async function rigNames(baseUrl: string, token: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/Rigs`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET /api/Rigs: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { name: string }[]).map((rig) => rig.name);
}

/** How many times each name of this run occurs. */
export function countNames(names: string[], run: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names.filter((n) => n.startsWith(`fault ${run} `))) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
