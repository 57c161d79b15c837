import { TAG_FILE_MAX_LINES, tagFileMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { parseTagFile } from './parse.ts';

describe('parseTagFile', () => {
  it('reads stampedId;tag;color lines, trimming fields and defaulting the colour', () => {
    const text = 'stampedId;tag;color\r\n A-100 ; Spare ; warning\n\nA-101;Leg 3\nA-102;Scrap;DANGER;;\n';
    expect(parseTagFile(text)).toEqual({
      content: [
        { stampedId: 'A-100', tag: 'Spare', color: 'warning' },
        { stampedId: 'A-101', tag: 'Leg 3', color: 'default' },
        { stampedId: 'A-102', tag: 'Scrap', color: 'danger' },
      ],
    });
  });

  it('reports every problem with its line number', () => {
    const text = ['A-1;Good', ';Missing id', 'A-2;', 'A-3;Tag;purple', 'A-4;Tag;info;extra', `A-5;${'x'.repeat(51)}`, 'A-1;Good'].join(
      '\n',
    );
    expect(parseTagFile(text)).toEqual({
      errors: [
        { line: 2, message: tagFileMessages.stampedIdRequired },
        { line: 3, message: tagFileMessages.tagRequired },
        { line: 4, message: tagFileMessages.badColor },
        { line: 5, message: tagFileMessages.tooManyFields },
        { line: 6, message: tagFileMessages.tagTooLong },
        { line: 7, message: tagFileMessages.duplicate(1) },
      ],
    });
  });

  it('refuses a file without tags or with too many lines as a whole', () => {
    expect(() => parseTagFile('\n  \n')).toThrow(AppError);
    expect(() => parseTagFile('stampedId;tag;color\n')).toThrow(tagFileMessages.noLines);
    const long = Array.from({ length: TAG_FILE_MAX_LINES + 1 }, (_, i) => `S-${i};T`).join('\n');
    expect(() => parseTagFile(long)).toThrow(tagFileMessages.tooManyLines(TAG_FILE_MAX_LINES));
  });
});
