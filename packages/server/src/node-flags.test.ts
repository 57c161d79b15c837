import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

const scripts = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;

describe('the flags the server runs with', () => {
  it.each(['start', 'dev'])('are in the %s script, before the entry', (name) => {
    const command = scripts[name].split('&&').at(-1)!.trim();
    expect(command).toBe(
      `node ${['--watch']
        .filter(() => name === 'dev')
        .concat(SERVER_NODE_FLAGS)
        .join(' ')} packages/server/src/main.ts`,
    );
  });
});
