/** One name per feature (docs/glossary.md): the same folder in contract, server and web. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointsByFeature } from './endpoints.ts';

const folders = (path: string) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

describe('feature folders', () => {
  const contract = folders('./features/');

  it('are the same in the contract and on the server', () => {
    expect(folders('../../server/src/features/')).toEqual(contract);
  });

  it('on the web name a contract feature, or the admin menu or the offline editor that only the web has', () => {
    // `offline` has no calls of its own: it keeps the editor's answers on the device (decision 078).
    const webOnly = ['admin', 'offline'];
    const unknown = folders('../../web/src/features/').filter((name) => !contract.includes(name) && !webOnly.includes(name));
    expect(unknown).toEqual([]);
  });

  it('key the endpoint groups', () => {
    expect(Object.keys(endpointsByFeature).sort()).toEqual(contract.map(camel).sort());
  });
});
