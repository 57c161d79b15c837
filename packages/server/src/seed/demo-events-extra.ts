/**
 * Demo data, part 3b (after the events of demo-events.ts, drawing from the same generator last, so
 * the data before it is unchanged): a stock inspection of a few hundred items at a base, a dozen
 * small recent inspections (so the events list has more than one page of 50), and pictures of
 * findings that fit the item (a crack indication on a kenter link, jacket abrasion on a fibre rope).
 */
import { deflateSync } from 'node:zlib';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { DemoCatalogue, DemoItem } from './demo-catalogue.ts';
import { DEMO_RIGS } from './demo-catalogue-data.ts';
import { COMPANIES, ITEM_COMMENTS, RESPONSIBLE, VESSELS } from './demo-events-data.ts';
import { sha256 } from './demo-pdf.ts';
import { chunked, daysBefore, isoDate, type Rng } from './demo-random.ts';

interface Status {
  id: number;
  color: string;
  isDefault: boolean;
  weight: number;
}

export interface ExtraEventsInput {
  typeId: Map<string, number>;
  rigId: Map<string, number>;
  statuses: Map<number, Status[]>;
  projects: { id: number; parentId: number | null; enabled: boolean }[];
}

const by = 'events@demo.example';

/** A small PNG in the finding's colour with a darker band, enough for the picture viewer. */
function findingPng(rgb: [number, number, number], seed: number): Buffer {
  const width = 96;
  const height = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y - (seed % 40)) < 6;
      const [r, g, b] = band ? rgb.map((c) => Math.round(c * 0.45)) : rgb;
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const findingColour: Record<string, [number, number, number]> = { danger: [200, 60, 50], warning: [230, 180, 40] };

export async function loadExtraEvents(tx: Tx, rng: Rng, now: Date, catalogue: DemoCatalogue, input: ExtraEventsInput): Promise<void> {
  const inspection = input.typeId.get('Inspection')!;
  const options = input.statuses.get(inspection)!;
  const projectOf = (rigName: string) => {
    const rigId = input.rigId.get(rigName)!;
    return input.projects.filter((p) => p.parentId === rigId && p.enabled).at(-1)!;
  };
  interface Plan {
    rig: (typeof DEMO_RIGS)[number];
    daysAgo: number;
    items: DemoItem[];
    location: string;
    comment: string;
  }
  const [first] = DEMO_RIGS;
  const stock = catalogue.items.filter((x) => x.kind !== 'anchor' && !x.hidden).slice(0, 320);
  const plans: Plan[] = [
    {
      rig: first,
      daysAgo: 12,
      items: stock,
      location: 'Ågotnes base',
      comment: 'Stock inspection of mooring equipment at base',
    },
  ];
  for (let i = 0; i < 12; i++) {
    const rig = DEMO_RIGS[i % DEMO_RIGS.length];
    const legs = catalogue.spreads.get(rig.name)!;
    const leg = legs[rng.int(0, legs.length - 1)].filter((x) => x.kind !== 'anchor');
    plans.push({
      rig,
      daysAgo: 20 + i * 23,
      items: leg,
      location: rig.field,
      comment: `Leg check after storm, leg ${rng.int(1, legs.length)}`,
    });
  }

  for (const plan of plans) {
    const date = daysBefore(now, plan.daysAgo);
    const items = plan.items.filter((x) => x.createdAt <= date);
    const at = daysBefore(now, Math.max(0, plan.daysAgo - 1));
    const [event] = await tx
      .insert(s.events)
      .values({
        typeId: inspection,
        rigId: input.rigId.get(plan.rig.name)!,
        projectId: projectOf(plan.rig.name).id,
        eventLocation: plan.location,
        eventDate: isoDate(date),
        ahv: plan.location.endsWith('base') ? null : rng.pick(VESSELS),
        comment: plan.comment,
        documentNo: `${plan.rig.code}-INS-${date.getUTCFullYear()}-X${String(plans.indexOf(plan) + 1).padStart(2, '0')}`,
        responsible: rng.pick(RESPONSIBLE),
        company: rng.pick(COMPANIES),
        category: 'Annual',
        createdAt: at,
        createdBy: by,
        updatedAt: at,
        updatedBy: by,
      })
      .returning({ id: s.events.id });
    const rows = items.map((item, i) => {
      const status = rng.weighted(
        options,
        options.map((o) => o.weight),
      );
      const finding = status.color === 'danger' || status.color === 'warning';
      return {
        eventId: event.id,
        equipmentId: item.id,
        sequence: i + 1,
        statusId: status.id,
        comment: finding ? rng.pick(ITEM_COMMENTS[item.kind]) : null,
        notification: status.color === 'danger',
        createdAt: at,
        createdBy: by,
        updatedAt: at,
        updatedBy: by,
        color: status.color,
        stampedId: item.stampedId,
      };
    });
    const saved: { id: number }[] = [];
    for (const batch of chunked(rows)) {
      saved.push(
        ...(await tx
          .insert(s.eventItems)
          .values(batch.map(({ color: _, stampedId: __, ...row }) => row))
          .returning({ id: s.eventItems.id })),
      );
    }
    // A picture of each finding (two of the first), named after the item and what was found.
    const findings = rows.map((row, i) => ({ row, id: saved[i].id })).filter(({ row }) => findingColour[row.color]);
    for (const [n, { row, id }] of findings.entries()) {
      for (let k = 0; k < (n === 0 ? 2 : 1); k++) {
        const data = findingPng(findingColour[row.color], id + k * 17);
        const [file] = await tx
          .insert(s.files)
          .values({
            fileName: `${row.stampedId}-finding-${k + 1}.png`,
            contentType: 'image/png',
            size: data.length,
            sha256: sha256(data),
            data,
            createdBy: by,
          })
          .returning({ id: s.files.id });
        await tx.insert(s.eventItemImages).values({ eventItemId: id, fileId: file.id, createdBy: by, updatedBy: by });
      }
    }
  }
}
