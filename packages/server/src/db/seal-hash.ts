/**
 * The seals' hash chain (issue 25 part 3, decision 075, docs/sign-off.md "Tamper evidence"). A seal's
 * hash is the SHA-256 of the previous seal's hash and the seal's canonical form: a versioned JSON text
 * with sorted keys of what was sealed — the event's fields and ids, each item's place, equipment,
 * status and comment, the stored SHA-256 of each image and of the event's PDF, the signer — and the
 * names at sign-off, kept in the seal's snapshot. The notification flag is not part of it.
 * `valid` recomputes the form from the rows as they are now, by the seal's own form version.
 * Version 2 (issue 28 part 4, decision 077) adds each item's measurements, the template version they
 * were judged by, the proposed status and the reason; seals of version 1 are checked without them.
 * Amendments have forms of their own: version 1 holds status and comment, version 2 (decision 081) also
 * the measurements with their version and proposal, and the images the amendment added.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { defineRead, json, readRow, readRows, run, sheetRows, text } from './read.ts';

export const SEAL_FORM_VERSION = 2;
const FORM_VERSIONS = [1, 2];

/** The names at sign-off: documents print these; renaming a folder later changes neither the seal nor them. */
export interface SealSnapshot {
  type: string;
  rig: string;
  project: string;
  /** By status id. */
  statuses: Record<string, { name: string; meaning: string }>;
  /** By equipment id. */
  stampedIds: Record<string, string>;
}

export interface SealSigner {
  userEmail: string;
  inspector: string;
  qualification: string;
  company: string;
  /** ISO date-time, as stored (to the millisecond). */
  signedAt: string;
}

/** The signer's part of a seal row (the hash covers exactly these fields). */
export const sealSigner = ({ userEmail, inspector, qualification, company, signedAt }: SealSigner): SealSigner => ({
  userEmail,
  inspector,
  qualification,
  company,
  signedAt,
});

interface SealedRows {
  event: Record<string, unknown>;
  items: Record<string, unknown>[];
}

/** JSON with object keys sorted at every depth: one text for one content. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The amendment form made now; older amendments are checked by the version they store. */
export const AMENDMENT_FORM_VERSION = 2;
const AMENDMENT_FORM_VERSIONS = [1, 2];

/**
 * An amendment's values of the item before or after it. Form version 1 has status and comment only;
 * version 2 also the measurements, the version they were judged by and the proposal, and in `after` the
 * images it added (their link ids and stored SHA-256).
 */
export interface AmendedValues {
  statusId: number | null;
  comment: string | null;
  measurements?: unknown[];
  measurementVersionId?: number | null;
  proposedStatusId?: number | null;
  images?: { id: number; sha256: string }[];
}

type ItemRow = Record<string, unknown> & { imageRows: { id: number; sha256: string }[] };

/** Whether the item holds what the amendment left, compared in the canonical form. */
function holds(item: ItemRow, after: AmendedValues): boolean {
  if (item.statusId !== after.statusId || item.comment !== after.comment) return false;
  if (after.measurements === undefined) return true;
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
  const images = new Map(item.imageRows.map((image) => [image.id, image.sha256]));
  return (
    same(item.measurements, after.measurements) &&
    item.measurementVersionId === after.measurementVersionId &&
    item.proposedStatusId === after.proposedStatusId &&
    (after.images ?? []).every((image) => images.get(image.id) === image.sha256)
  );
}

/** Puts the item back as it was before the amendment: its values, and without the images it added. */
function undo(item: ItemRow, before: AmendedValues, after: AmendedValues) {
  item.statusId = before.statusId;
  item.comment = before.comment;
  if (before.measurements === undefined) return;
  item.measurements = before.measurements;
  item.measurementVersionId = before.measurementVersionId;
  item.proposedStatusId = before.proposedStatusId;
  const added = new Set((after.images ?? []).map((image) => image.id));
  item.imageRows = item.imageRows.filter((image) => !added.has(image.id));
}

/**
 * The sealed content of an event as signed off: its rows as they are now, with each amendment undone,
 * newest first. Null when an item does not hold what its amendment left (a change behind the portal).
 */
async function readSealedRows(db: Executor, eventId: number, formVersion: number): Promise<SealedRows | null> {
  // Both as the driver reads them (sheetRows): the canonical form hashes each value exactly so.
  const events = await sheetRows(
    db,
    sql`
    select e.id, e.type_id as "typeId", e.rig_id as "rigId", e.project_id as "projectId", e.event_date::text as "eventDate",
      e.event_location as "eventLocation", e.ahv, e.comment, e.document_no as "documentNo", e.responsible, e.company,
      e.is_renewal as "isRenewal", e.category, e.reset_age as "resetAge", e.age_at_reset::text as "ageAtReset",
      (select f.sha256 from files f where f.id = e.file_id) as "fileSha256"
    from events e where e.id = ${eventId}`,
  );
  if (!events[0]) return null;
  const items = await sheetRows(
    db,
    sql`
    select ei.id::text as id, ei.sequence, ei.equipment_id as "equipmentId", ei.status_id as "statusId", ei.comment,
      coalesce((select json_agg(json_build_object('id', im.id, 'sha256', f.sha256) order by im.id) from event_item_images im
        join files f on f.id = im.file_id where im.event_item_id = ei.id), '[]'::json) as "imageRows",
      ei.measurements, ei.measurement_version_id as "measurementVersionId", ei.proposed_status_id as "proposedStatusId",
      ei.verdict_reason as "verdictReason"
    from event_items ei where ei.event_id = ${eventId} order by ei.sequence, ei.id`,
  );
  const amendments = await readRows(db, amendmentsRead(), { eventId });
  const byId = new Map(items.map((item) => [item.id as string, item as ItemRow]));
  for (const amendment of amendments) {
    const item = byId.get(amendment.item);
    if (!item || !holds(item, amendment.after)) return null;
    undo(item, amendment.before, amendment.after);
  }
  // The form as signed: images by their SHA-256; measurement columns from version 2 on.
  const sealed = items.map(({ imageRows, measurements, measurementVersionId, proposedStatusId, verdictReason, ...item }) => ({
    ...item,
    images: (imageRows as ItemRow['imageRows']).map((image) => image.sha256),
    ...(formVersion >= 2 && { measurements, measurementVersionId, proposedStatusId, verdictReason }),
  }));
  return { event: events[0], items: sealed };
}

const amendmentsRead = () =>
  defineRead('seals.amendments', () => ({
    columns: {
      item: text(sql`event_item_id`),
      before: json<AmendedValues>(sql`before`),
      after: json<AmendedValues>(sql`after`),
    },
    from: sql`from event_seals where event_id = ${sql.placeholder('eventId')} and kind = 'amendment' order by id desc`,
  }));

/** The names the seal snapshots at sign-off. */
export async function readSnapshot(db: Executor, eventId: number): Promise<SealSnapshot> {
  const read = defineRead('seals.snapshot', () => ({
    columns: {
      snapshot: json<SealSnapshot>(sql`json_build_object(
      'type', ty.name, 'rig', ri.name, 'project', pr.name,
      'statuses', coalesce((select json_object_agg(s.id, json_build_object('name', s.name, 'meaning', s.meaning))
        from folders s where s.id in (select status_id from event_items where event_id = e.id)), '{}'::json),
      'stampedIds', coalesce((select json_object_agg(q.id, q.stamped_id)
        from equipment q where q.id in (select equipment_id from event_items where event_id = e.id)), '{}'::json)
    )`),
    },
    from: sql`from events e
    join folders ty on ty.id = e.type_id join folders ri on ri.id = e.rig_id join folders pr on pr.id = e.project_id
    where e.id = ${sql.placeholder('eventId')}`,
  }));
  const row = await readRow(db, read, { eventId });
  if (!row) throw new Error(`event ${eventId} not found`);
  return row.snapshot;
}

const chained = (previousHash: string | null, form: string) =>
  createHash('sha256')
    .update(`${previousHash ?? ''}\n${form}`)
    .digest('hex');

/**
 * SHA-256 (hex) of the previous hash and a sign-off's canonical form of version `formVersion`, from the
 * rows as they are now; null when they no longer reconstruct what was signed.
 */
export async function sealHash(
  db: Executor,
  seal: { eventId: number; kind: string; formVersion: number; snapshot: SealSnapshot; signer: SealSigner; previousHash: string | null },
): Promise<string | null> {
  if (!FORM_VERSIONS.includes(seal.formVersion)) throw new Error(`Unknown seal form version ${seal.formVersion}`);
  const rows = await readSealedRows(db, seal.eventId, seal.formVersion);
  if (!rows) return null;
  return chained(
    seal.previousHash,
    canonicalJson({ v: seal.formVersion, kind: seal.kind, ...rows, names: seal.snapshot, signer: seal.signer }),
  );
}

/** An amendment's hash: what it changed, why, who and when, by its form version, chained like a sign-off. */
export function amendmentHash(amendment: {
  formVersion: number;
  eventId: number;
  eventItemId: number;
  before: AmendedValues;
  after: AmendedValues;
  reason: string;
  userEmail: string;
  signedAt: string;
  previousHash: string | null;
}): string {
  const { previousHash, formVersion, ...content } = amendment;
  if (!AMENDMENT_FORM_VERSIONS.includes(formVersion)) throw new Error(`Unknown amendment form version ${formVersion}`);
  return chained(previousHash, canonicalJson({ v: formVersion, kind: 'amendment', ...content, eventItemId: String(content.eventItemId) }));
}

/** The newest seal's hash (the chain's end), read under a lock that makes concurrent sign-offs take turns. */
export async function chainEnd(db: Executor): Promise<string | null> {
  // One chain for the database: the transaction holds this lock until it commits its seal.
  await run(db, sql`select pg_advisory_xact_lock(hashtext('event_seals_chain'))`);
  const read = defineRead('seals.chainEnd', () => ({
    columns: { hash: text(sql`hash`) },
    from: sql`from event_seals order by id desc limit 1`,
  }));
  return (await readRow(db, read))?.hash ?? null;
}
