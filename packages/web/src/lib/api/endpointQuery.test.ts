import { accountEndpoints, folderEndpoints, ownerEndpoints, userEndpoints } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQuery, endpointSegment, invalidateEndpoints, invalidationKey } from './endpointQuery.ts';

describe('endpointKey', () => {
  it('is [first path segment, path, params, query]', () => {
    expect(endpointKey(ownerEndpoints.list)).toEqual(['Owners', '/Owners', {}, {}]);
    expect(endpointKey(ownerEndpoints.types, { params: { id: 3 } })).toEqual(['Owners', '/Owners/:id/types', { id: 3 }, {}]);
    expect(endpointKey(userEndpoints.list, { query: { search: 'ann' } })).toEqual(['Account', '/Account/GetUsers', {}, { search: 'ann' }]);
    expect(endpointSegment(folderEndpoints.rigProjects)).toBe('Rigs');
  });

  it('is the key of the endpoint query', () => {
    expect(endpointQuery(ownerEndpoints.get, { params: { id: 5 } }).queryKey).toEqual(
      endpointKey(ownerEndpoints.get, { params: { id: 5 } }),
    );
  });

  it('turns a segment, an endpoint or a key into a key prefix', () => {
    expect(invalidationKey('Owners')).toEqual(['Owners']);
    expect(invalidationKey(ownerEndpoints.types)).toEqual(['Owners', '/Owners/:id/types']);
    const exact = endpointKey(userEndpoints.get, { params: { id: 1 } });
    expect(invalidationKey(exact)).toBe(exact);
  });
});

describe('invalidateEndpoints', () => {
  function cache() {
    const client = new QueryClient();
    const keys = {
      owners: endpointKey(ownerEndpoints.list),
      owner3Types: endpointKey(ownerEndpoints.types, { params: { id: 3 } }),
      owner4Types: endpointKey(ownerEndpoints.types, { params: { id: 4 } }),
      users: endpointKey(userEndpoints.list, { query: { search: '' } }),
      user1: endpointKey(userEndpoints.get, { params: { id: 1 } }),
      currentUser: endpointKey(accountEndpoints.currentUser),
      rigs: endpointKey(folderEndpoints.rigs),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, 'data');
    const stale = () =>
      Object.entries(keys)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    return { client, keys, stale };
  }

  it('by segment refreshes every query under that first path segment', async () => {
    const { client, stale } = cache();
    await invalidateEndpoints(client, ['Owners']);
    expect(stale()).toEqual(['owners', 'owner3Types', 'owner4Types']);
  });

  it('by endpoint refreshes that endpoint for any input, and nothing else in the segment', async () => {
    const { client, stale } = cache();
    await invalidateEndpoints(client, [ownerEndpoints.types, userEndpoints.list]);
    expect(stale()).toEqual(['owner3Types', 'owner4Types', 'users']);
  });

  it('by key refreshes that one call (params match by their given fields)', async () => {
    const { client, keys, stale } = cache();
    await invalidateEndpoints(client, [keys.user1, endpointKey(ownerEndpoints.types, { params: { id: 4 } })]);
    expect(stale()).toEqual(['owner4Types', 'user1']);
  });
});
