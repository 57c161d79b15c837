import type { EventScaffolding } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { runValidators } from '../../../lib/forms/index.ts';
import { eventFieldRules, fieldsBody, formValuesOf } from './fields.ts';

const scaffolding: EventScaffolding = {
  types: [],
  rigs: [],
  projects: [],
  quickLocations: ['Ågotnes base', 'Kristiansund base'],
  values: {
    type: -1,
    rig: 3,
    referenceNo: 4,
    eventLocation: null,
    eventDate: '2026-11-23',
    ahv: null,
    comment: null,
    documentNo: null,
    responsible: null,
    company: null,
    isRenewal: false,
    resetAge: false,
    ageAtReset: null,
    file: null,
  },
  copyOf: null,
  id: null,
  version: null,
  signOff: null,
};
const signal = new AbortController().signal;
const check = (field: keyof typeof eventFieldRules, value: unknown, values = formValuesOf(scaffolding)) =>
  runValidators(eventFieldRules[field] as never, value, values, signal);

describe('event form fields', () => {
  it("starts at the placeholder type, which says 'Event type is required'", () => {
    const values = formValuesOf(scaffolding);
    expect(values.type).toBe('-1');
    expect(check('type', '-1')).toEqual({ severity: 'Error', message: 'Event type is required' });
    expect(check('type', '7')).toMatchObject({ severity: 'Ok' });
  });

  it('needs the age at reset only with reset age on and renewal off, with a comma or a dot', () => {
    const values = { ...formValuesOf(scaffolding), resetAge: true };
    expect(check('ageAtReset', '', values)).toMatchObject({ message: 'Age at reset is required' });
    expect(check('ageAtReset', '2,5', values)).toMatchObject({ severity: 'Ok' });
    expect(check('ageAtReset', '2.5', values)).toMatchObject({ severity: 'Ok' });
    expect(check('ageAtReset', 'abc', values)).toMatchObject({ severity: 'Error', message: 'Age at reset must be a number' });
    expect(check('ageAtReset', '2,5x', values)).toMatchObject({ severity: 'Error', message: 'Age at reset must be a number' });
    expect(check('ageAtReset', '', { ...values, isRenewal: true })).toMatchObject({ severity: 'Ok' });
    expect(check('ageAtReset', '', { ...values, resetAge: false })).toMatchObject({ severity: 'Ok' });
  });

  it('sends trimmed text or null, and no reset age with a renewal', () => {
    const values = { ...formValuesOf(scaffolding), documentNo: '  D-1 ', resetAge: true, ageAtReset: '2,5' };
    expect(fieldsBody(values, 9)).toMatchObject({
      rig: 3,
      referenceNo: 4,
      documentNo: 'D-1',
      ahv: null,
      resetAge: true,
      ageAtReset: 2.5,
      fileId: 9,
    });
    expect(fieldsBody({ ...values, isRenewal: true }, null)).toMatchObject({ isRenewal: true, resetAge: false, ageAtReset: null });
  });

  it('shows the event date as DD.MM.YYYY and sends the day typed; an impossible date is an error', () => {
    const values = formValuesOf(scaffolding);
    expect(values.eventDate).toBe('23.11.2026');
    expect(fieldsBody({ ...values, eventDate: '5.3.2026' }, null).eventDate).toBe('2026-03-05');
    expect(fieldsBody({ ...values, eventDate: '17112026' }, null).eventDate).toBe('2026-11-17');
    expect(check('eventDate', '')).toEqual({ severity: 'Error', message: 'Event date is required' });
    expect(check('eventDate', '31.02.2026')).toEqual({ severity: 'Error', message: 'Event date must be a valid date (DD.MM.YYYY)' });
    expect(check('eventDate', '05-03-2026')).toMatchObject({ severity: 'Ok' });
  });
});
