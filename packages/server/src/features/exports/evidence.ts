/**
 * An item's evidence (issue 25 part 5, docs/reports.md "The owner's evidence"): one PDF an owner hands a
 * surveyor for one item. Its certificate facts, its due date, every event it was in (result, date, who
 * signed the event off, or "Not signed off") and the amendments of its signed results. Each download is
 * an issued document (db/issued-documents.ts): number, QR code and /Verify link; valid while every
 * signed event it lists keeps its seal.
 */
import { amendedMeasurementsText, formatNumber } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { amendmentLabels } from '../../db/amendment-labels.ts';
import { staffName } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { recordedForAnotherOwner } from '../../db/equipment-scope.ts';
import { issueItemEvidence, recordDocumentHash } from '../../db/issued-documents.ts';
import { bool, date, int, num, readRow, renderRead, sheetRows, text } from '../../db/read.ts';
import { inOwnerScope } from '../../db/scope.ts';
import { signingCertificate } from '../../db/signing-certificates.ts';
import { bestMatchFirst, sameStampedId } from '../../db/stamped-ids.ts';
import { dmy } from '../../http/dates.ts';
import { notFound } from '../../http/errors.ts';
import { startPdf } from './pdf-writer.ts';
import { itemWithCertificate, visible } from './queries.ts';
import { issuedSigning } from './signing.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
  publicUrl: string;
}

interface EvidenceItem {
  id: number;
  stampedId: string;
  description: string | null;
  length: number | null;
  hidden: boolean;
  owner: string | null;
  type: string | null;
  subType: string | null;
  dimension: string | null;
  certificate: string | null;
  manufacturer: string | null;
  quality: string | null;
  certifiedToCode: string | null;
  dateSigned: string | null;
  issuedBy: string | null;
  otherInformation: string | null;
  dueDate: string | null;
  dueKind: string | null;
  basisDate: string | null;
  renewalDue: string | null;
  condemned: boolean | null;
}

/** The item as the caller may see it (their owners'; unlinked ones for internal users), with its due date. */
async function selectEvidenceItem(db: Executor, stampedId: string, viewer: { userType: number }, scope: OwnerScope) {
  const read = renderRead('exports.evidenceItem', {
    columns: {
      id: int(sql`e.id`),
      stampedId: text(sql`e.stamped_id`),
      description: text.orNull(sql`e.description`),
      length: num.orNull(sql`e.length`),
      hidden: bool(sql`e.hidden`),
      owner: text.orNull(sql`o.name`),
      type: text.orNull(sql`ct.name`),
      subType: text.orNull(sql`cst.name`),
      dimension: text.orNull(sql`d.name`),
      certificate: text.orNull(sql`c.certificate_number`),
      manufacturer: text.orNull(sql`c.manufacturer`),
      quality: text.orNull(sql`c.quality`),
      certifiedToCode: text.orNull(sql`c.certified_to_code`),
      dateSigned: date.orNull(sql`c.date_signed`),
      issuedBy: text.orNull(sql`c.certificate_issued_by`),
      otherInformation: text.orNull(sql`c.other_information`),
      dueDate: date.orNull(sql`du.due_date`),
      dueKind: text.orNull(sql`du.due_kind`),
      basisDate: date.orNull(sql`du.basis_date`),
      renewalDue: date.orNull(sql`du.renewal_due`),
      condemned: bool.orNull(sql`du.condemned`),
    },
    from: sql`${itemWithCertificate}
    left join equipment_due du on du.equipment_id = e.id
    where ${sameStampedId(sql`e.stamped_id`, stampedId)} and ${visible(viewer, scope)}
    order by ${bestMatchFirst(sql`e.stamped_id`, stampedId, sql`e.case_duplicate`)} limit 1`,
  });
  const item: EvidenceItem | undefined = await readRow(db, read);
  return item ?? null;
}

interface EvidenceAmendment {
  amendedAt: string;
  amendedBy: string;
  reason: string;
  before: string | null;
  after: string | null;
  beforeComment: string | null;
  afterComment: string | null;
  /** The measurements before and after (null in amendments of form version 1) and the photos added. */
  measurements: Parameters<typeof amendedMeasurementsText>[0];
}

interface EvidenceEvent {
  eventId: number;
  eventDate: string;
  eventType: string;
  rig: string | null;
  project: string | null;
  status: string | null;
  statusColor: string | null;
  comment: string | null;
  /** Recorded while the item was another owner's (docs/security.md rule 28): date, type and status only. */
  former: boolean;
  inspector: string | null;
  qualification: string | null;
  company: string | null;
  signedAt: string | null;
  amendments: EvidenceAmendment[] | null;
}

/** Every event of the item, newest first, with its sign-off and this item's amendments in it, oldest first. */
async function selectEvidenceEvents(db: Executor, equipmentId: number, scope: OwnerScope): Promise<EvidenceEvent[]> {
  const rows = await sheetRows(
    db,
    sql`
    select v.id as "eventId", v.event_date as "eventDate", t.name as "eventType",
      case when not f.former then r.name end as rig, case when not f.former then p.name end as project,
      s.name as status, s.color as "statusColor", case when not f.former then i.comment end as comment, f.former,
      so.inspector, so.qualification, so.company, so.signed_at as "signedAt",
      case when not f.former then (
        select json_agg(json_build_object('amendedAt', a.signed_at, 'amendedBy', a.user_email, 'reason', a.reason,
            'before', sb.name, 'after', sa.name, 'beforeComment', a.before ->> 'comment', 'afterComment', a.after ->> 'comment',
            'measurements', json_build_object('before', json_build_object('measurements', a.before -> 'measurements'),
              'after', json_build_object('measurements', a.after -> 'measurements'),
              'imagesAdded', coalesce(jsonb_array_length(a.after -> 'images'), 0), 'labels', ${amendmentLabels()}))
          order by a.id)
        from event_seals a
        left join folders sb on sb.id = (a.before ->> 'statusId')::int
        left join folders sa on sa.id = (a.after ->> 'statusId')::int
        where a.event_item_id = i.id and a.kind = 'amendment') end as amendments
    from event_items i
    join events v on v.id = i.event_id
    join folders t on t.id = v.type_id
    join folders r on r.id = v.rig_id
    join folders p on p.id = v.project_id
    left join folders s on s.id = i.status_id
    left join event_seals so on so.event_id = v.id and so.kind = 'signOff'
    cross join lateral (select ${recordedForAnotherOwner(inOwnerScope(sql`hc.owner_id`, scope), sql`i`)} as former) f
    where i.equipment_id = ${equipmentId}
    order by v.event_date desc, v.id desc`,
  );
  // The evidence export's rows, as the driver reads them (its timestamps are formatted per line below).
  return rows as unknown as EvidenceEvent[];
}

const utcMinute = (at: string | Date) => {
  const iso = new Date(at).toISOString();
  return `${dmy(iso.slice(0, 10))} ${iso.slice(11, 16)} UTC`;
};
const signedOffText = (event: EvidenceEvent) => {
  if (event.former) return 'Recorded for a former owner';
  if (!event.inspector) return 'Not signed off';
  return `${event.inspector} (${event.qualification}, ${event.company}) on ${utcMinute(event.signedAt as string)}`;
};
const DUE_KINDS: Record<string, string> = { inspection: 'inspection', renewal: 'renewal' };

/** GET /Export/Evidence/{stampedId}: refusals (404) before the first byte, then the issued PDF. */
export async function sendItemEvidence(db: Executor, { user, scope, publicUrl }: Caller, stampedId: string, reply: FastifyReply) {
  const item = await selectEvidenceItem(db, stampedId, user, scope);
  if (!item) throw notFound('The equipment');
  const events = await selectEvidenceEvents(db, item.id, scope);
  const signed = events.filter((event) => !event.former && event.inspector);
  const issued = await issueItemEvidence(db, {
    equipmentId: item.id,
    eventIds: [...new Set(signed.map((event) => event.eventId))],
    signers: [...new Set(signed.map((event) => `${event.inspector}, ${event.company}`))],
    issuedBy: user.email,
    publicUrl,
  });
  // Signed as an event's report is, where the portal has a signing certificate (decision 076).
  const certificate = await signingCertificate(db);
  const pdf = startPdf(
    reply,
    `Evidence ${item.stampedId}.pdf`,
    'portrait',
    `Equipment evidence ${item.stampedId}`,
    certificate ? issuedSigning(certificate, issued) : undefined,
  );
  pdf.sent.then(
    (sha256) => recordDocumentHash(db, issued.id, sha256),
    () => reply.log.warn({ document: issued.documentNumber }, 'an issued document was not sent whole: it stays unverifiable'),
  );
  try {
    pdf.verification(issued.documentNumber, issued.link);
    pdf.heading('Item and certificate');
    pdf.fields([
      ['Stamped id', item.stampedId],
      ['Owner', item.owner],
      ['Description', item.description],
      ['Length', item.length === null ? null : formatNumber(item.length)],
      ['Active', item.hidden ? 'No' : 'Yes'],
      ['Certificate', item.certificate ?? 'Unlinked: no certificate'],
      ['Type', [item.type, item.subType, item.dimension].filter(Boolean).join(', ')],
      ['Manufacturer', item.manufacturer],
      ['Quality', item.quality],
      ['Certified to', item.certifiedToCode],
      ['Certificate signed', dmy(item.dateSigned)],
      ['Certificate issued by', item.issuedBy],
      ['Certificate information', item.otherInformation],
    ]);
    pdf.heading('Due');
    pdf.fields(
      item.dueDate
        ? [
            ['Next due', `${dmy(item.dueDate)} (${DUE_KINDS[item.dueKind ?? ''] ?? item.dueKind})`],
            ['Counted from', dmy(item.basisDate)],
            ['Renewal due', dmy(item.renewalDue)],
            ['Condemned', item.condemned ? 'Yes: its last inspection condemned it' : 'No'],
          ]
        : [['Next due', 'No due date: the item is inactive or unlinked, or its type has no inspection interval']],
    );
    pdf.heading(`Events (${events.length}; ${signed.length} signed off)`);
    pdf.table([
      { key: 'eventDate', label: 'Date', weight: 1, date: true },
      { key: 'eventType', label: 'Event', weight: 1.2 },
      { key: 'rig', label: 'Rig', weight: 1.2 },
      { key: 'status', label: 'Result', weight: 1.1, colorKey: 'statusColor' },
      { key: 'comment', label: 'Comment', weight: 2 },
      { key: 'signedOff', label: 'Signed off by', weight: 2.4 },
    ]);
    pdf.rows(events.map((event) => ({ ...event, signedOff: signedOffText(event) })));
    const amendments = events.flatMap((event) => (event.amendments ?? []).map((amendment) => ({ event, amendment })));
    if (amendments.length > 0) {
      pdf.heading(`Amendments of signed results (${amendments.length})`);
      pdf.table([
        { key: 'eventDate', label: 'Event date', weight: 1, date: true },
        { key: 'amendedAt', label: 'Amended', weight: 1.3 },
        { key: 'change', label: 'Before -> after', weight: 2.2 },
        { key: 'reason', label: 'Reason', weight: 2.2 },
        { key: 'amendedBy', label: 'By', weight: 1.5 },
      ]);
      pdf.rows(
        amendments.map(({ event, amendment }) => ({
          eventDate: event.eventDate,
          amendedAt: utcMinute(amendment.amendedAt),
          change: [
            amendment.before !== amendment.after ? `${amendment.before ?? 'no status'} -> ${amendment.after ?? 'no status'}` : null,
            amendment.beforeComment !== amendment.afterComment
              ? `comment '${amendment.beforeComment ?? ''}' -> '${amendment.afterComment ?? ''}'`
              : null,
            ...amendedMeasurementsText(amendment.measurements, '->'),
          ]
            .filter(Boolean)
            .join('; '),
          reason: amendment.reason,
          // Staff names are internal (docs/security.md rule 5): external users see when and why.
          amendedBy: staffName(amendment.amendedBy, user),
        })),
      );
    }
    pdf.fields([
      [
        'Note',
        'An event "Not signed off" has not been sealed and may still change. Each signed event is checked by this document\'s link: it is valid while none of them has changed since sign-off.',
      ],
    ]);
    pdf.end();
  } catch (error) {
    pdf.fail(error as Error);
    reply.log.error({ err: error }, 'evidence PDF failed');
  }
  return reply;
}
