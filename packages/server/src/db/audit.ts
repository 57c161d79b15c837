/**
 * The audit columns (created_by, created_at, updated_by, updated_at): written by `createdBy` and
 * `updatedBy`, selected by `auditColumns`, and shown by `presentAudit`, the one place that turns
 * them into the spec's {createdBy, createdDate, updatedBy, updatedDate}.
 */
import { isInternal } from '@portal/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Audit columns for writes: who (the acting user's email) and when. */
export function createdBy(user: { email: string }) {
  const now = new Date();
  return { createdBy: user.email, createdAt: now, updatedBy: user.email, updatedAt: now };
}

export function updatedBy(user: { email: string }) {
  return { updatedBy: user.email, updatedAt: new Date() };
}

interface AuditColumnSet {
  createdBy: PgColumn;
  createdAt: PgColumn;
  updatedBy: PgColumn;
  updatedAt: PgColumn;
}

/** A table's audit columns, for a select list: `select({ id: t.id, ...auditColumns(t) })`. */
export function auditColumns<T extends AuditColumnSet>(table: T): Pick<T, keyof AuditColumnSet> {
  return { createdBy: table.createdBy, createdAt: table.createdAt, updatedBy: table.updatedBy, updatedAt: table.updatedAt };
}

/** The audit columns as selected. */
export interface AuditRow {
  createdBy: string | null;
  createdAt: Date;
  updatedBy: string | null;
  updatedAt: Date;
}

/** The spec's audit fields in responses. */
export interface AuditFields {
  createdBy: string | null;
  createdDate: string;
  updatedBy: string | null;
  updatedDate: string;
}

/** Who reads the response: the signed-in user (services receive it as `user`). */
export interface Viewer {
  userType: number;
}

/**
 * The policy, written once (docs/security.md rule 5): a field that names staff (createdBy, updatedBy,
 * changedBy, responsible) is for internal users only; an external (Report) viewer gets null.
 */
export const staffName = (name: string | null, viewer: Viewer): string | null => (isInternal(viewer) ? name : null);

/** A row with its audit columns replaced by the spec's audit fields, staff names by staffName. */
export function presentAudit<T extends AuditRow>(row: T, viewer: Viewer): Omit<T, keyof AuditRow> & AuditFields {
  const { createdBy, createdAt, updatedBy, updatedAt, ...rest } = row;
  return {
    ...rest,
    createdBy: staffName(createdBy, viewer),
    createdDate: createdAt.toISOString(),
    updatedBy: staffName(updatedBy, viewer),
    updatedDate: updatedAt.toISOString(),
  };
}

/** Audit fields a statement already wrote as text (`isoUtc`, db/read.ts), staff names by staffName. */
export function screenAudit<T extends AuditFields>(row: T, viewer: Viewer): T {
  return { ...row, createdBy: staffName(row.createdBy, viewer), updatedBy: staffName(row.updatedBy, viewer) };
}
