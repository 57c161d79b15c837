/** A row's edit before it is saved: length as typed, comment, and the certificate to link to. */
import { type CertificateLookupItem, UNLINKED_LENGTH_MAX, type UnlinkedBody, type UnlinkedItem, unlinkedMessages } from '@portal/contract';
import { parseNumber } from '../../lib/forms/numberParser.ts';

export interface UnlinkedDraft {
  /** As typed: a comma or a dot as decimal separator (spec section 5). */
  length: string;
  comment: string;
  certificate: CertificateLookupItem | null;
}

export const draftOf = (item: UnlinkedItem): UnlinkedDraft => ({
  length: item.length === null ? '' : String(item.length),
  comment: item.comment ?? '',
  certificate: null,
});

/** The length's message, or null when it is blank or a number within the limits. */
export function lengthError(text: string): string | null {
  const value = parseNumber(text);
  if (value === null) return null;
  return Number.isNaN(value) || value < 0 || value > UNLINKED_LENGTH_MAX ? unlinkedMessages.length : null;
}

export function isChanged(item: UnlinkedItem, draft: UnlinkedDraft): boolean {
  const length = parseNumber(draft.length);
  return length !== item.length || draft.comment.trim() !== (item.comment ?? '') || draft.certificate !== null;
}

/** PUT /Unlinked/{id}: every field, so the row saves what it shows. */
export const bodyOf = (draft: UnlinkedDraft): UnlinkedBody => ({
  length: parseNumber(draft.length),
  comment: draft.comment.trim() || null,
  certificateId: draft.certificate?.id ?? null,
});

/** Spec section 9: at most 5 page numbers, around the current page (zero-based). */
export function pageWindow(page: number, pages: number, size = 5): number[] {
  const count = Math.min(size, pages);
  const start = Math.max(0, Math.min(page - Math.floor(size / 2), pages - count));
  return Array.from({ length: count }, (_, index) => start + index);
}
