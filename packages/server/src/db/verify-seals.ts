/**
 * `npm run verify-seals` (issue 25 part 3, docs/sign-off.md "Tamper evidence"): walks the seals' chain
 * from the first seal, checks each link (its previous hash is the hash of the seal before it), recomputes
 * each hash from the rows as they are now (seal-hash.ts), rehashes the stored bytes of every sealed
 * event's images and PDF, and names the first broken link. Read only.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { bool, defineRead, int, readRows, text } from './read.ts';
import { amendmentHash, sealHash } from './seal-hash.ts';
import { sealColumns, signerOf } from './seals.ts';

export interface BrokenLink {
  sealId: number;
  eventId: number;
  kind: string;
  problem: string;
}

export interface SealWalk {
  /** Seals checked, up to and including the broken one. */
  seals: number;
  /** Stored files whose bytes were rehashed. */
  files: number;
  broken: BrokenLink | null;
}

/** The files a sign-off covers (the event's PDF and its items' images) whose bytes no longer give their SHA-256. */
async function alteredFiles(db: Executor, eventId: number) {
  const read = defineRead('seals.files', () => ({
    columns: {
      id: int(sql`f.id`),
      fileName: text(sql`f.file_name`),
      intact: bool.orNull(sql`f.sha256 = encode(sha256(f.data), 'hex')`),
    },
    from: sql`from files f
    where f.id in (
      select im.file_id from event_item_images im join event_items ei on ei.id = im.event_item_id where ei.event_id = ${sql.placeholder('eventId')}
      union select e.file_id from events e where e.id = ${sql.placeholder('eventId')} and e.file_id is not null)
    order by f.id`,
  }));
  const rows = await readRows(db, read, { eventId });
  return { count: rows.length, altered: rows.filter((row) => !row.intact) };
}

export async function verifySeals(db: Executor, onSeal: (done: number) => void = () => {}): Promise<SealWalk> {
  const seals = await readRows(
    db,
    defineRead('seals.all', () => ({ columns: sealColumns(), from: sql`from event_seals order by id` })),
  );
  let previous: string | null = null;
  let files = 0;
  for (const [index, seal] of seals.entries()) {
    const broken = (problem: string): SealWalk => ({
      seals: index + 1,
      files,
      broken: { sealId: seal.id, eventId: seal.eventId, kind: seal.kind, problem },
    });
    if (seal.previousHash !== previous) return broken('its previous hash is not the hash of the seal before it');
    if (seal.kind === 'signOff') {
      const now = await sealHash(db, { ...seal, signer: signerOf(seal) });
      if (now !== seal.hash) return broken('the event or its items differ from what was signed off');
      const checked = await alteredFiles(db, seal.eventId);
      files += checked.count;
      const [file] = checked.altered;
      if (file) return broken(`the stored bytes of file ${file.id} (${file.fileName}) no longer give its SHA-256`);
    } else {
      const now = amendmentHash({
        formVersion: seal.formVersion,
        eventId: seal.eventId,
        eventItemId: seal.eventItemId ?? 0,
        before: seal.before ?? { statusId: null, comment: null },
        after: seal.after ?? { statusId: null, comment: null },
        reason: seal.reason ?? '',
        userEmail: seal.userEmail,
        signedAt: seal.signedAt,
        previousHash: seal.previousHash,
      });
      if (now !== seal.hash) return broken('the amendment differs from what was recorded');
    }
    previous = seal.hash;
    onSeal(index + 1);
  }
  return { seals: seals.length, files, broken: null };
}
