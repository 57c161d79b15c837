import { describe, expect, it } from 'vitest';
import { fileTypeLabel, formatFileSize } from './fileText.ts';

describe('fileTypeLabel', () => {
  it('names the kinds the help list takes', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('image/png')).toBe('Image');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Word');
    expect(fileTypeLabel('application/vnd.ms-excel')).toBe('Excel');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toBe('PowerPoint');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 100)).toBe('5 MB');
  });
});
