import type { CertificateDetail } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { runValidators } from '../../../lib/forms/index.ts';
import { chooseCatalogue, fieldRules, fieldsBody, valuesOf } from './fields.ts';

const message = (field: keyof typeof fieldRules, value: unknown) => {
  const result = runValidators(fieldRules[field], value, valuesOf(null));
  return result instanceof Promise ? 'async' : result.message;
};

describe('certificate fields', () => {
  it('clears the catalogue levels under the one changed', () => {
    expect(chooseCatalogue('ownerId', '2')).toEqual({ ownerId: '2', typeId: null, subTypeId: null, dimensionId: null });
    expect(chooseCatalogue('typeId', '5')).toEqual({ typeId: '5', subTypeId: null, dimensionId: null });
    expect(chooseCatalogue('subTypeId', '9')).toEqual({ subTypeId: '9', dimensionId: null });
    expect(chooseCatalogue('dimensionId', '4')).toEqual({ dimensionId: '4' });
  });

  it('requires Owner, Type, Sub-type, Dimension and Certificate No with the messages of the contract', () => {
    expect(message('ownerId', null)).toBe('Owner is required');
    expect(message('typeId', null)).toBe('Type is required');
    expect(message('subTypeId', null)).toBe('Sub-type is required');
    expect(message('dimensionId', null)).toBe('Dimension is required');
    expect(message('certificateNumber', '  ')).toBe('Certificate No is required');
    expect(message('ownerId', '3')).toBe('');
    expect(message('manufacturer', '')).toBe('');
    expect(message('manufacturer', 'x'.repeat(201))).toBe('Manufacturer must not contain more than 200 characters');
  });

  it('sends trimmed text, blanks as null, and ids as numbers', () => {
    const values = {
      ...valuesOf(null),
      ownerId: '1',
      typeId: '2',
      subTypeId: '3',
      dimensionId: '4',
      certificateNumber: ' C-1 ',
      quality: ' ',
    };
    expect(fieldsBody(values)).toMatchObject({
      ownerId: 1,
      dimensionId: 4,
      certificateNumber: 'C-1',
      quality: null,
      dateSigned: null,
      color: 'none',
    });
  });

  it('shows the date signed as DD.MM.YYYY and sends the day typed, blank as null; an impossible date is an error', () => {
    expect(valuesOf({ dateSigned: '2026-03-05' } as CertificateDetail).dateSigned).toBe('05.03.2026');
    expect(fieldsBody({ ...valuesOf(null), dateSigned: '05/03/2026' }).dateSigned).toBe('2026-03-05');
    expect(fieldsBody({ ...valuesOf(null), dateSigned: ' ' }).dateSigned).toBeNull();
    expect(message('dateSigned', '')).toBe('');
    expect(message('dateSigned', '17.11.2026')).toBe('');
    expect(message('dateSigned', '31.02.2026')).toBe('Date signed must be a valid date (DD.MM.YYYY)');
  });
});
