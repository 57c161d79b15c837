/** Every write declares what it refreshes, and names only areas and GET paths the web caches (decision 070). */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cacheAreas } from './cache.ts';
import { allEndpoints, endpointsByFeature } from './endpoints.ts';
import { firstRouteCalls } from './first-route.ts';

const reads = allEndpoints.filter((endpoint) => endpoint.method === 'GET');
const writes = allEndpoints.filter((endpoint) => endpoint.method !== 'GET');
const name = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

describe('what writes refresh', () => {
  it('has one area per first segment of the GET paths', () => {
    const segments = new Set(reads.map((endpoint) => endpoint.path.split('/')[1]));
    expect([...segments].sort()).toEqual([...cacheAreas].sort());
  });

  it('is declared by every write and by no read', () => {
    expect(writes.length).toBeGreaterThan(60);
    expect(writes.filter((endpoint) => !Array.isArray(endpoint.invalidates)).map(name)).toEqual([]);
    expect(reads.filter((endpoint) => endpoint.invalidates !== undefined).map(name)).toEqual([]);
  });

  it('names only known areas and GET paths', () => {
    const areas = new Set<string>(cacheAreas);
    const getPaths = new Set(reads.map((endpoint) => endpoint.path));
    const unknown = writes.flatMap((endpoint) =>
      (endpoint.invalidates ?? [])
        .filter((target) => (target.startsWith('/') ? !getPaths.has(target) : !areas.has(target)))
        .map((target) => `${name(endpoint)} -> ${target}`),
    );
    expect(unknown).toEqual([]);
  });

  it("refreshes every area a scan's add changes (the editor, the event, the item, notifications, unlinked, reports and due list)", () => {
    expect([...endpointsByFeature.eventItems.add.invalidates].sort()).toEqual(
      ['EventComponents', 'Equipment', 'Events', 'Notification', 'Report', 'Reports', 'Unlinked'].sort(),
    );
  });

  it('names a dry-run flag only where the query has it', () => {
    const dryRuns = writes.filter((endpoint) => endpoint.dryRun !== undefined);
    expect(dryRuns.map(name).sort()).toEqual([
      'POST /EquipmentTags',
      'POST /EventComponents/:eventId/componentsImport',
      'POST /EventComponents/:eventId/series',
    ]);
    for (const endpoint of dryRuns) {
      const shape = (endpoint.query as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape), name(endpoint)).toContain(endpoint.dryRun);
    }
  });

  it('is the same on the first route as in the full definitions', () => {
    expect(firstRouteCalls.login.invalidates).toBe(endpointsByFeature.account.login.invalidates);
    expect(firstRouteCalls.logout.invalidates).toBe(endpointsByFeature.account.logout.invalidates);
    expect(firstRouteCalls.downloadToken.invalidates).toBe(endpointsByFeature.files.downloadToken.invalidates);
  });
});
