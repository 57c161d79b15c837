import { certificateEditorMessages, messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { seriesErrors, seriesPreview } from '../../../lib/series.ts';
import { looksCommaSeparated } from './series.ts';

const series = (numberFrom: string, numberTo: string, prefix = 'KL-', postFix = '') => ({ numberFrom, numberTo, prefix, postFix });

describe('series add', () => {
  it("says the spec's three messages word for word", () => {
    expect(seriesErrors(series('1a', '20'))).toEqual({ numberFrom: messages.numberFromInvalid });
    expect(seriesErrors(series('', '20')).numberFrom).toBe('The number from needs to be a valid number');
    expect(seriesErrors(series('1', '2.5'))).toEqual({ numberTo: 'The number to needs to be a valid number' });
    expect(seriesErrors(series('-1', '-5'))).toEqual({ numberFrom: messages.numberFromInvalid, numberTo: messages.numberToInvalid });
    expect(seriesErrors(series('20', '20'))).toEqual({ numberTo: 'The second number needs to be larger than the first' });
    expect(seriesErrors(series('20', '3'))).toEqual({ numberTo: messages.secondNumberLarger });
  });

  it('takes digits with spaces around, and caps the length of a series', () => {
    expect(seriesErrors(series(' 1 ', ' 20 '))).toEqual({});
    expect(seriesErrors(series('1', '2001'))).toEqual({ numberTo: certificateEditorMessages.seriesTooLong });
    expect(seriesErrors(series('1', '2000'))).toEqual({});
  });

  it('previews the first and last stamped id and the count', () => {
    expect(seriesPreview(series('1', '20', 'KL-', '-A'))).toEqual({ first: 'KL-1-A', last: 'KL-20-A', count: 20 });
    expect(seriesPreview(series('x', '20'))).toBeNull();
  });
});

describe('import file', () => {
  it('tells a comma-separated file from a semicolon-separated one', () => {
    expect(looksCommaSeparated('KL-1,27.5,Spare\nKL-2,27.5,')).toBe(true);
    expect(looksCommaSeparated('\nKL-1;27,5;Spare, new\n')).toBe(false);
    expect(looksCommaSeparated('KL-1\nKL-2')).toBe(false);
    expect(looksCommaSeparated('')).toBe(false);
  });
});
