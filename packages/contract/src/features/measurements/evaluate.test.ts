import { describe, expect, it } from 'vitest';
import { describeCriterion, evaluate, evaluationMessages, proposedStatusId } from './evaluate.ts';
import { definitionProblems, type TemplateBody, type TemplateDefinition, templateBody, templateDefinition } from './template.ts';

const chain: TemplateDefinition = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
    { key: 'stud', label: 'Stud', kind: 'choice', choices: ['Tight', 'Loose', 'Missing'] },
    { key: 'residual', label: 'Residual strength', kind: 'number', unit: '%', required: false },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'stud', op: 'in', values: ['Loose'], meaning: 'monitor' },
    { subject: 'stud', op: 'in', values: ['Missing'], meaning: 'condemned' },
    { subject: 'residual', op: '<=', limit: 75, meaning: 'condemned' },
  ],
});
const mm76 = { nominalSize: 76, nominalUnit: 'mm' as const };
const sound = [
  { key: 'crack', value: false },
  { key: 'stud', value: 'Tight' },
];
const grips = (d1: number, d2: number) => [{ key: 'gripDiameter1', value: d1 }, { key: 'gripDiameter2', value: d2 }, ...sound];

describe('evaluate', () => {
  it('derives the % loss of the smaller grip diameter against the nominal size', () => {
    const result = evaluate(chain, grips(74, 72.2), mm76);
    expect(result.derived).toEqual([{ key: 'diameterLoss', label: 'Diameter loss', unit: '%', value: 5 }]);
    expect(result.meaning).toBe('monitor');
    expect(result.fired).toEqual([{ index: 0, meaning: 'monitor', text: 'Diameter loss 5 % > 4 %' }]);
  });

  it('judges at, just under and just over each threshold (no floating point noise at the limit)', () => {
    // 76 mm less 4 % is 72.96 mm; 4.0000000000000036 would read as over the limit.
    expect(evaluate(chain, grips(72.96, 80), mm76).meaning).toBe('fit');
    expect(evaluate(chain, grips(72.97, 80), mm76).meaning).toBe('fit');
    expect(evaluate(chain, grips(72.95, 80), mm76).meaning).toBe('monitor');
    expect(evaluate(chain, grips(80, 66.88), mm76).meaning).toBe('condemned');
    expect(evaluate(chain, grips(80, 66.89), mm76).meaning).toBe('monitor');
    expect(evaluate(chain, grips(80, 66.87), mm76).meaning).toBe('condemned');
  });

  it('takes the worst meaning of the criteria that fire', () => {
    const cracked = [...grips(72, 72), { key: 'crack', value: true }];
    const result = evaluate(chain, cracked, mm76);
    expect(result.meaning).toBe('condemned');
    expect(result.fired.map((rule) => rule.text)).toEqual(['Diameter loss 5.26 % > 4 %', 'Crack (MPI) is yes']);
    expect(evaluate(chain, [...grips(76, 76), { key: 'stud', value: 'Loose' }], mm76).meaning).toBe('monitor');
  });

  it('proposes nothing without a nominal size, and says where to set it', () => {
    for (const nominal of [null, { nominalSize: null, nominalUnit: null }, { nominalSize: 55, nominalUnit: 't' as const }]) {
      const result = evaluate(chain, grips(70, 70), nominal);
      expect(result).toMatchObject({ meaning: null, reason: evaluationMessages.noNominal });
      expect(result.derived[0].value).toBeNull();
    }
  });

  it('still condemns an item without a nominal size when another criterion condemns it', () => {
    const result = evaluate(chain, [...grips(70, 70), { key: 'crack', value: true }], null);
    expect(result).toMatchObject({ meaning: 'condemned', reason: evaluationMessages.noNominal });
  });

  it('converts a nominal size in inches', () => {
    // 3 in = 76.2 mm; 73.152 mm is 4 % less.
    expect(evaluate(chain, grips(73.152, 80), { nominalSize: 3, nominalUnit: 'in' }).derived[0].value).toBe(4);
  });

  it('leaves the proposal open while a required field is not measured, naming it', () => {
    const result = evaluate(chain, [{ key: 'gripDiameter1', value: 70 }, ...sound], mm76);
    expect(result).toMatchObject({ meaning: null, reason: evaluationMessages.missing(['Grip diameter 2']) });
    expect(evaluate(chain, [], mm76).reason).toBe(
      evaluationMessages.missing(['Grip diameter 1', 'Grip diameter 2', 'Crack (MPI)', 'Stud']),
    );
  });

  it('skips a criterion on an optional field left empty, and judges it when measured', () => {
    expect(evaluate(chain, grips(76, 76), mm76).meaning).toBe('fit');
    expect(evaluate(chain, [...grips(76, 76), { key: 'residual', value: 75 }], mm76).meaning).toBe('condemned');
  });

  it('reads values of the wrong kind as not measured', () => {
    const result = evaluate(
      chain,
      [
        { key: 'gripDiameter1', value: '70' },
        { key: 'gripDiameter2', value: 70 },
        { key: 'stud', value: 'Gone' },
      ],
      mm76,
    );
    expect(result.meaning).toBeNull();
    expect(result.reason).toBe(evaluationMessages.missing(['Grip diameter 1', 'Crack (MPI)', 'Stud']));
  });

  it('proposes nothing from a template without criteria', () => {
    expect(evaluate({ ...chain, criteria: [] }, grips(70, 70), mm76)).toMatchObject({
      meaning: null,
      reason: evaluationMessages.noCriteria,
    });
  });

  it('describes criteria as they read on screen', () => {
    expect(chain.criteria.map((rule) => describeCriterion(chain, rule))).toEqual([
      'Diameter loss > 4 %',
      'Diameter loss ≥ 12 %',
      'Crack (MPI) is yes',
      'Stud is Loose',
      'Stud is Missing',
      'Residual strength ≤ 75 %',
    ]);
  });
});

describe('proposedStatusId', () => {
  const statuses = [
    { id: 1, meaning: 'fit' as const, isDefault: false },
    { id: 2, meaning: 'monitor' as const, isDefault: false },
    { id: 3, meaning: 'fit' as const, isDefault: true },
    { id: 4, meaning: 'condemned' as const, isDefault: false, enabled: false },
    { id: 5, meaning: 'condemned' as const, isDefault: false },
    { id: 6, meaning: 'monitor' as const, isDefault: false },
  ];
  it("is the event type's default status of that meaning", () => expect(proposedStatusId('fit', statuses)).toBe(3));
  it("else the first of that meaning in the Admin's order, never a disabled one", () => {
    expect(proposedStatusId('monitor', statuses)).toBe(2);
    expect(proposedStatusId('condemned', statuses)).toBe(5);
  });
  it('else none', () => {
    expect(proposedStatusId('condemned', statuses.slice(0, 4))).toBeNull();
    expect(proposedStatusId(null, statuses)).toBeNull();
  });
});

describe('a template definition', () => {
  const problems = (body: TemplateBody) => definitionProblems(templateDefinition.parse(body));
  it('refuses keys used twice, units on non-numbers, choices without two options', () => {
    const result = templateBody.safeParse({
      fields: [
        { key: 'a', label: 'A', kind: 'text', unit: 'mm' },
        { key: 'a', label: 'A again', kind: 'choice', choices: ['Only'] },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fields.0.unit', 'Only a number has a unit'],
      ['fields.1.key', "The key 'a' is used twice"],
      ['fields.1.choices', 'A choice needs at least two choices'],
    ]);
  });

  it('refuses criteria on unknown keys and tests that do not fit the kind', () => {
    const base = {
      fields: [
        { key: 'd', label: 'D', kind: 'number' as const, unit: 'kN' },
        { key: 'ok', label: 'Ok', kind: 'yesNo' as const },
      ],
    };
    expect(problems({ ...base, derived: [{ key: 'loss', label: 'Loss', kind: 'lossPercentOfNominal', of: ['d'] }] })).toEqual([
      { path: ['derived', 0, 'of'], message: 'A loss against the nominal size needs numbers in mm or in, all in the same unit' },
    ]);
    expect(
      problems({
        ...base,
        criteria: [
          { subject: 'x', op: '>', limit: 1, meaning: 'monitor' },
          { subject: 'ok', op: '>', limit: 1, meaning: 'monitor' },
          { subject: 'd', op: 'is', value: true, meaning: 'monitor' },
          { subject: 'd', op: 'in', values: ['a'], meaning: 'monitor' },
        ],
      }).map((problem) => problem.message),
    ).toEqual([
      "There is no field 'x'",
      "'ok' is not a number: compare it with 'is' or 'in'",
      "'d' is not a yes/no field",
      "'d' is not a choice",
    ]);
  });

  it('refuses keys that are not identifiers and unknown ops', () => {
    const result = templateBody.safeParse({
      fields: [{ key: 'Grip 1', label: 'G', kind: 'number' }],
      criteria: [{ subject: 'g', op: '=', limit: 1, meaning: 'monitor' }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['fields.0.key', 'criteria.0.op']);
  });
});
