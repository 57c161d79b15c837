/**
 * Formula injection (issue 13): a cell whose text starts with = + - @ tab or CR is written as an inline
 * string, never as a formula, whatever the column's kind. The exports and reports tests check the same
 * end to end for '=1+1' in a downloaded file.
 */
import { describe, expect, it } from 'vitest';
import { cellXml, type ExcelKind } from './excel.ts';

const payloads = [
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd',
  '\t=1+1',
  '\r=1+1',
];
const kinds: ExcelKind[] = ['text', 'status', 'stampedId', 'date', 'number'];

describe('Excel cells cannot become formulas', () => {
  for (const kind of kinds) {
    it(`${kind} columns write formula-looking text as an inline string`, () => {
      for (const text of payloads) {
        const xml = cellXml({ key: 'v', label: 'V', kind }, { v: text }, 'A2');
        expect(xml, text).toMatch(/^<c r="A2" t="inlineStr"[^>]*><is><t xml:space="preserve">/);
        expect(xml, text).not.toMatch(/<f[ >]/);
        // The text is kept whole (escaped), its first character included.
        expect(xml, text).toContain(text[0] === '\t' || text[0] === '\r' ? `${text[0]}=1+1` : text.slice(0, 1));
      }
    });
  }
});
