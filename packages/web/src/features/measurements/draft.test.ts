import { templateBody } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkDraft, emptyCriterion, opsFor, subjects, type TemplateDraft, toBody, toDraft } from './draft.ts';

const saved = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
    { key: 'stud', label: 'Stud', kind: 'choice', choices: ['Tight', 'Missing'] },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4.5, meaning: 'monitor' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'stud', op: 'in', values: ['Missing'], meaning: 'condemned' },
  ],
});

describe('a template draft', () => {
  it('gives back the definition it was made from', () => {
    expect(templateBody.parse(toBody(toDraft(saved)))).toEqual(saved);
  });

  it('reads limits with a comma or a dot', () => {
    const draft = toDraft(saved);
    draft.criteria[0].limit = '4,25';
    expect(toBody(draft).criteria?.[0]).toMatchObject({ limit: 4.25 });
  });

  it("shows the contract's messages on the fields at fault before anything is sent", () => {
    const draft: TemplateDraft = toDraft(saved);
    draft.criteria[0].limit = 'abc';
    expect(checkDraft(draft).errors).toEqual({ 'criteria.0.limit': 'Limit must be a number' });
    // The rules across fields follow once every field has its shape, as on the server.
    draft.criteria[0].limit = '4';
    draft.fields[1].key = 'gripDiameter1';
    draft.criteria.push({ ...emptyCriterion('stud'), op: '>=' as const, limit: '1' });
    expect(checkDraft(draft).errors).toEqual({
      'fields.1.key': "The key 'gripDiameter1' is used twice",
      'criteria.1.subject': "There is no field 'crack'",
      'criteria.3.op': "'stud' is not a number: compare it with 'is' or 'in'",
    });
  });

  it('starts a new template with one field', () => expect(toDraft(null).fields).toHaveLength(1));

  it('offers each subject the tests its kind takes', () => {
    const draft = toDraft(saved);
    expect(subjects(draft).map((s) => [s.value, opsFor(s.kind)])).toEqual([
      ['gripDiameter1', ['>=', '>', '<=', '<']],
      ['crack', ['is']],
      ['stud', ['in']],
      ['diameterLoss', ['>=', '>', '<=', '<']],
    ]);
  });
});
