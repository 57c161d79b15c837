/**
 * How long requests still running at a stop (a long export to a slow client, a half-sent request) may
 * hold it up: without a limit, a client that never finished its request held the stop for as long as it
 * stayed connected. Container runtimes kill a process 10 s after SIGTERM, and closing the embedded
 * database took another 1.7 s.
 */
export const STOP_GRACE_MS = 5_000;

export interface Stoppable {
  /** Stops taking requests and resolves once the running ones have ended (Fastify's close). */
  closeApp: () => Promise<unknown>;
  /** Ends every open connection at once, requests in flight included. */
  cutConnections: () => void;
  closeDatabase: () => Promise<unknown>;
  log: { warn: (fields: object, message: string) => void; error: (fields: object, message: string) => void };
  graceMs?: number;
}

/** Closes the HTTP server, waiting at most `graceMs` for running requests, then the database. */
export async function stopGracefully({ closeApp, cutConnections, closeDatabase, log, graceMs = STOP_GRACE_MS }: Stoppable) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const closed = closeApp().then(
    () => 'closed' as const,
    (err: unknown) => {
      log.error({ err }, 'the HTTP server did not close cleanly');
      return 'closed' as const;
    },
  );
  if ((await Promise.race([closed, late])) === 'late') {
    log.warn({ graceMs }, 'requests still running at the stop were cut off');
    cutConnections();
  }
  clearTimeout(timer);
  await closeDatabase();
}
