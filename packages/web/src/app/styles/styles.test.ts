/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Mantine's CSS is imported per component (firstRoute.ts, signedIn.ts) rather than all at once, so a
 * component that a screen starts to use needs its line there; this test says which one is missing.
 */
const src = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.resolve(src, '../../../node_modules/@mantine/core/styles');
const lists = ['firstRoute.ts', 'signedIn.ts'].map((file) => readFileSync(path.join(import.meta.dirname, file), 'utf8')).join('\n');

/** Components without their own file, and the styles they are drawn with. */
const BUILT_ON: Record<string, string[]> = {
  TextInput: ['Input'],
  Textarea: ['Input'],
  FileInput: ['Input'],
  NumberInput: ['Input', 'NumberInput'],
  Select: ['Input', 'Combobox', 'Popover'],
  Autocomplete: ['Input', 'Combobox', 'Popover'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'Pill', 'PillsInput'],
  TagsInput: ['Input', 'Combobox', 'Popover', 'Pill', 'PillsInput'],
  Menu: ['Menu', 'Popover'],
  Tooltip: ['Tooltip'],
  Modal: ['Modal', 'ModalBase', 'Overlay'],
  Checkbox: ['Checkbox', 'CheckboxIndicator', 'InlineInput'],
  Radio: ['Radio', 'InlineInput'],
  Switch: ['Switch', 'InlineInput'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

function mantineComponentsInUse(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '');
        if (/^[A-Z]/.test(name) && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names];
}

describe('Mantine styles per component', () => {
  it('imports the styles of every Mantine component the screens use', () => {
    const needed = new Set<string>();
    for (const name of mantineComponentsInUse()) {
      for (const style of BUILT_ON[name] ?? [name]) needed.add(style);
    }
    const missing = [...needed].filter(
      (style) => existsSync(path.join(stylesDir, `${style}.css`)) && !lists.includes(`@mantine/core/styles/${style}.css'`),
    );
    expect(missing).toEqual([]);
  });
});
