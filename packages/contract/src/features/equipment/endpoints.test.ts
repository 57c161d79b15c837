import { describe, expect, it } from 'vitest';
import { qrLabelText } from './endpoints.ts';

describe('qrLabelText (spec section 9)', () => {
  it('joins the stamped id with spaces for dashes, the quality and the two-digit year', () => {
    expect(qrLabelText('AMP-KL-084-0007', 'R4S', '2022-05-01')).toBe('AMP KL 084 0007 R4S 22');
    expect(qrLabelText('NSD-CH-076-0100', 'R3', '2009-11-30')).toBe('NSD CH 076 0100 R3 09');
  });

  it('leaves out what is missing', () => {
    expect(qrLabelText('FOUND-1', null, null)).toBe('FOUND 1');
    expect(qrLabelText('FOUND-1', '  ', '2024-01-01')).toBe('FOUND 1 24');
    expect(qrLabelText('X-1', 'R5', undefined)).toBe('X 1 R5');
  });
});
