/** Fair use is declared where the work is heavy (docs/security.md rule 25): a new export cannot be added without it. */
import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints.ts';
import { isPublicAccess } from './permissions.ts';

const name = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('fair use declarations', () => {
  it('every export (a download other than a stored file), import and backup is heavy', () => {
    const heavy = allEndpoints.filter(
      (e) =>
        (!isPublicAccess(e.access) && e.access.download && e.path !== '/Files/:id') ||
        /import/i.test(e.path) ||
        ['POST /EquipmentTags', 'PUT /Backups'].includes(name(e)),
    );
    expect(heavy.length).toBeGreaterThan(25);
    for (const endpoint of heavy) expect(endpoint.fairUse, name(endpoint)).toBe('heavy');
  });

  it('the tabular reports, the general report and the compliance view are report reads; light calls are not limited', () => {
    const reports = allEndpoints.filter((e) => e.fairUse === 'report').map(name);
    expect(reports).toEqual(expect.arrayContaining(['GET /Report/keyinfo', 'POST /Report/general/:id', 'GET /Reports/Due']));
    for (const light of ['GET /Events', 'GET /Report/catalogue', 'GET /Reports/Due/Choices', 'GET /Files/:id'])
      expect(allEndpoints.find((e) => name(e) === light)?.fairUse, light).toBeUndefined();
  });
});
