import { inject, type ProvidedContext } from 'vitest';

/**
 * The server of this journey worker: files run two at a time, each worker's files one after another
 * against a server of its own with its own demo data and mailbox (global-setup.ts).
 */
export function server(): ProvidedContext['servers'][number] {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
}
