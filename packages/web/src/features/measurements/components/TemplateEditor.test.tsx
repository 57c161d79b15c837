import { MantineProvider } from '@mantine/core';
import { templateBody } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkDraft, type DraftErrors, type TemplateDraft, toBody, toDraft } from '../draft.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const chain = templateBody.parse({
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
  ],
});

let latest: TemplateDraft;
function Harness({ errors = {} }: { errors?: DraftErrors }) {
  const [draft, setDraft] = useState(() => toDraft(chain));
  latest = draft;
  return <TemplateEditor draft={draft} errors={errors} onChange={setDraft} name="Chain" />;
}
const show = (errors?: DraftErrors) =>
  render(
    <MantineProvider>
      <Harness errors={errors} />
    </MantineProvider>,
  );
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('the template editor (docs/measurements.md)', () => {
  it('shows the fields, derived values and criteria of the saved version', () => {
    show();
    expect(value('Field 1 key')).toBe('gripDiameter1');
    expect(value('Field 1 unit')).toBe('mm');
    expect(value('Field 3 kind')).toBe('yesNo');
    expect(screen.queryByLabelText('Field 3 unit')).toBeNull();
    expect(value('Criterion 1 subject')).toBe('diameterLoss');
    expect(value('Criterion 1 test')).toBe('>');
    expect(value('Criterion 1 limit')).toBe('4');
    expect(value('Criterion 1 meaning')).toBe('monitor');
    expect(value('Criterion 2 value')).toBe('yes');
    expect(value('Criterion 2 meaning')).toBe('condemned');
  });

  it('offers only the tests a subject takes: a yes/no field is, a number a comparison', () => {
    show();
    const tests = (n: number) =>
      within(screen.getByLabelText(`Criterion ${n} test`))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(tests(1)).toEqual(['≥', '>', '≤', '<']);
    expect(tests(2)).toEqual(['is']);
    fireEvent.change(screen.getByLabelText('Criterion 2 subject'), { target: { value: 'gripDiameter1' } });
    expect(tests(2)).toEqual(['≥', '>', '≤', '<']);
    expect(screen.getByLabelText('Criterion 2 limit')).toBeTruthy();
  });

  it('adds a field and a criterion, and takes a limit with a decimal comma', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.change(screen.getByLabelText('Field 4 key'), { target: { value: 'crownDiameter' } });
    fireEvent.change(screen.getByLabelText('Field 4 label'), { target: { value: 'Crown diameter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add criterion' }));
    fireEvent.change(screen.getByLabelText('Criterion 3 subject'), { target: { value: 'crownDiameter' } });
    fireEvent.change(screen.getByLabelText('Criterion 3 test'), { target: { value: '<' } });
    fireEvent.change(screen.getByLabelText('Criterion 3 limit'), { target: { value: '70,5' } });
    fireEvent.change(screen.getByLabelText('Criterion 3 meaning'), { target: { value: 'condemned' } });
    expect(checkDraft(latest).errors).toEqual({});
    expect(toBody(latest).criteria?.[2]).toEqual({ subject: 'crownDiameter', op: '<', limit: 70.5, meaning: 'condemned' });
  });

  it('removes a criterion', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Remove criterion 1' }));
    expect(latest.criteria.map((rule) => rule.subject)).toEqual(['crack']);
  });

  it("shows each message under the input at fault, in the contract's words", () => {
    show({ 'fields.1.key': "The key 'gripDiameter1' is used twice", 'criteria.0.limit': 'Limit must be a number' });
    expect(screen.getByText("The key 'gripDiameter1' is used twice")).toBeTruthy();
    expect(screen.getByLabelText('Field 2 key').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Criterion 1 limit').getAttribute('aria-invalid')).toBe('true');
  });
});
