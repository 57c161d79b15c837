/** The import file, checked in the client before it is sent: it is separated by semicolons (the series checks: lib/series.ts). */
import { certificateEditorMessages } from '@portal/contract';

/**
 * True for a file whose lines are separated by commas rather than semicolons: the first line with
 * content has a comma and no semicolon. A file of stamped ids alone (no separator) passes.
 */
export function looksCommaSeparated(content: string): boolean {
  const first = content.split(/\r?\n/).find((line) => line.trim() !== '');
  return Boolean(first?.includes(',')) && !first?.includes(';');
}

export const importMessages = {
  useSemicolons: certificateEditorMessages.useSemicolons,
  layout: certificateEditorMessages.importLayout,
} as const;
