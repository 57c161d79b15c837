import { describe, expect, it } from 'vitest';
import { newStampedIdValue } from './features/equipment/endpoints.ts';
import { normalizeStampedId, stampedIdKey, stampedIdMessages, stampedIdProblem } from './primitives.ts';

describe('stamped ids (docs/event-items.md "Stamped ids")', () => {
  it('are trimmed and NFKC-normalised, and compared without case', () => {
    expect(normalizeStampedId('  ＮＳＤ-Ｒ４-０７６-００５３ ')).toBe('NSD-R4-076-0053');
    expect(stampedIdKey('NSD-R4-076-0053')).toBe(stampedIdKey('nsd-r4-076-0053'));
  });

  it.each([
    ['a zero-width space', 'NSD-R4-076\u200B-0053', stampedIdMessages.invisible('Stamped id')],
    ['a soft hyphen', 'NSD-R4-076\u00AD0053', stampedIdMessages.invisible('Stamped id')],
    ['a right-to-left override', '\u202ENSD-R4-076-0053', stampedIdMessages.invisible('Stamped id')],
    ['a byte order mark', 'NSD\uFEFF-R4', stampedIdMessages.invisible('Stamped id')],
    ['a Cyrillic А among Latin letters', 'NSD-R4-076-\u04100053', stampedIdMessages.mixedScripts('Stamped id')],
    ['a Greek Ο among Latin letters', 'L\u039FAD-1', stampedIdMessages.mixedScripts('Stamped id')],
  ])('refuses an id with %s', (_, id, message) => {
    expect(stampedIdProblem(normalizeStampedId(id))).toBe(message);
    const parsed = newStampedIdValue().safeParse(id);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('takes ids of one script with digits and punctuation', () => {
    for (const id of ['NSD-R4-076-0053', 'НСД-076/0053', 'ΑΒΓ 12', '0053-076', 'Kjetting_Ø76']) {
      expect(stampedIdProblem(id), id).toBeUndefined();
    }
    expect(newStampedIdValue().parse(' ＬＯＡＤ-０００１ ')).toBe('LOAD-0001');
  });
});
