import { folderEndpoints, ownerEndpoints, userEndpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { endpointKey, endpointQuery, endpointSegment, targetKey } from './endpointQuery.ts';

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

  it("turns a write's declared target, an area or a GET path, into a key prefix", () => {
    expect(targetKey('Owners')).toEqual(['Owners']);
    expect(targetKey('/Owners/:id/types')).toEqual(['Owners', '/Owners/:id/types']);
    expect(targetKey('/Account/GetUsers')).toEqual(endpointKey(userEndpoints.list).slice(0, 2));
  });
});
