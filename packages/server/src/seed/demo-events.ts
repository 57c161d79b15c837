/**
 * Demo data, part 3: the folder tree (event types with statuses, rigs with projects), events over
 * the last four years with their event items (the latest status and the other derived tables follow
 * by their triggers, db/derived/).
 */
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { DemoCatalogue, DemoItem } from './demo-catalogue.ts';
import { DEMO_RIGS } from './demo-catalogue-data.ts';
import { BASES, COMPANIES, EVENT_COMMENTS, EVENT_TYPES, EVENT_USERS, ITEM_COMMENTS, RESPONSIBLE, VESSELS } from './demo-events-data.ts';
import { loadExtraEvents } from './demo-events-extra.ts';
import { addDays, chunked, daysBefore, isoDate, notAfter, type Rng } from './demo-random.ts';

interface StatusRef {
  id: number;
  color: string;
  isDefault: boolean;
  weight: number;
}

export async function loadEvents(tx: Tx, rng: Rng, now: Date, catalogue: DemoCatalogue): Promise<void> {
  const created = daysBefore(now, 5 * 365);
  const audit = (at: Date, by = 'admin@demo.example') => ({ createdAt: at, createdBy: by, updatedAt: at, updatedBy: by });

  // ---- folders: event types with statuses, rigs with projects
  const typeRows = await tx
    .insert(s.folders)
    .values(
      EVENT_TYPES.map((t, i) => ({
        kind: 'eventType' as const,
        name: t.name,
        color: t.color,
        isDefault: t.isDefault ?? false,
        enabled: t.enabled ?? true,
        sortOrder: i,
        ...audit(created),
      })),
    )
    .returning();
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));
  const statusRows = await tx
    .insert(s.folders)
    .values(
      EVENT_TYPES.flatMap((t) =>
        t.statuses.map(([name, color, isDefault, , meaning], i) => ({
          kind: 'status' as const,
          parentId: typeId.get(t.name)!,
          name,
          meaning,
          color,
          isDefault,
          sortOrder: i,
          ...audit(created),
        })),
      ),
    )
    .returning();
  const statuses = new Map<number, StatusRef[]>();
  for (const t of EVENT_TYPES) {
    const id = typeId.get(t.name)!;
    statuses.set(
      id,
      t.statuses.map(([name, color, isDefault, weight]) => ({
        id: statusRows.find((r) => r.parentId === id && r.name === name)!.id,
        color,
        isDefault,
        weight,
      })),
    );
  }
  const rigRows = await tx
    .insert(s.folders)
    .values(
      DEMO_RIGS.map((r, i) => ({
        kind: 'rig' as const,
        name: r.name,
        color: rng.pick(['default', 'primary', 'info', 'none']),
        isDefault: i === 0,
        sortOrder: i,
        ...audit(created),
      })),
    )
    .returning();
  const rigId = new Map(rigRows.map((r) => [r.name, r.id]));
  const projectRows = await tx
    .insert(s.folders)
    .values(
      DEMO_RIGS.flatMap((r) =>
        r.projects.map((name, i) => ({
          kind: 'project' as const,
          parentId: rigId.get(r.name)!,
          name,
          color: 'default',
          isDefault: i === r.projects.length - 1,
          // The oldest project of a rig with three is finished and hidden from pick lists.
          enabled: !(r.projects.length === 3 && i === 0),
          sortOrder: i,
          ...audit(created),
        })),
      ),
    )
    .returning();

  // ---- events: about eight per rig over the last four years; two of them reset age
  interface Planned {
    row: typeof s.events.$inferInsert;
    items: DemoItem[];
    typeName: string;
  }
  const planned: Planned[] = [];
  const typeNames = ['Inspection', 'MPI', 'ROV survey', 'Renewal survey'];
  const resetSlots = new Set([5, 29]);
  let slot = 0;
  for (const rig of DEMO_RIGS) {
    const legs = catalogue.spreads.get(rig.name)!;
    const perLeg = legs[0].length;
    const spares = catalogue.spares.get(rig.ownerId) ?? [];
    const unlinked = catalogue.unlinked.get(rig.name) ?? [];
    const days = Array.from({ length: rng.int(7, 9) }, () => rng.int(3, 4 * 365)).sort((a, b) => b - a);
    let seq = 0;
    for (const ago of days) {
      const date = daysBefore(now, ago);
      let typeName = resetSlots.has(slot++) ? 'Reset age' : rng.weighted(typeNames, [45, 20, 15, 15]);
      const atBase = typeName === 'Inspection' && spares.length > 0 && rng.chance(0.25);
      const legsFrom = (count: number) => {
        const start = rng.int(0, legs.length - 1);
        return Array.from({ length: Math.min(count, legs.length) }, (_, i) => legs[(start + i) % legs.length]).flat();
      };
      let items: DemoItem[];
      if (atBase) items = spares.slice(0, 40);
      else if (typeName === 'MPI') items = legs.flat().filter((x) => x.kind === 'kenter' || x.kind === 'shackle');
      else if (typeName === 'ROV survey')
        items = legsFrom(rng.int(1, Math.floor(40 / perLeg))).filter((x) => x.kind !== 'kenter' && x.kind !== 'shackle');
      else if (typeName === 'Reset age') items = legsFrom(1);
      else if (typeName === 'Renewal survey') items = legsFrom(rng.int(2, Math.floor(40 / perLeg)));
      else items = legsFrom(rng.int(1, Math.floor(40 / perLeg))).filter((x) => x.kind !== 'anchor');
      items = items.filter((x) => x.createdAt <= date);
      if (items.length < 5) {
        typeName = 'Inspection';
        items = legs
          .flat()
          .filter((x) => x.createdAt <= date && x.kind !== 'anchor')
          .slice(0, rng.int(5, 40));
      }
      for (const u of unlinked) if (u.createdAt <= date && items.length < 40 && rng.chance(0.6)) items.push(u);
      const year = date.getUTCFullYear();
      const code = EVENT_TYPES.find((t) => t.name === typeName)!.code;
      const projects = projectRows.filter((p) => p.parentId === rigId.get(rig.name));
      const started = projects.filter((p) => p.name.slice(0, 4) <= isoDate(date).slice(2, 7).replace('-', ''));
      const project = started.length ? started[started.length - 1] : projects[0];
      const createdAt = notAfter(addDays(date, rng.int(0, 4)), now);
      const createdBy = rng.weighted(EVENT_USERS, [55, 25, 12, 8]);
      const edited = rng.chance(0.3);
      planned.push({
        typeName,
        items,
        row: {
          typeId: typeId.get(typeName)!,
          rigId: rigId.get(rig.name)!,
          projectId: project.id,
          eventLocation: atBase ? rng.pick(BASES) : typeName === 'Renewal survey' && rng.chance(0.5) ? 'Hanøytangen yard' : rig.field,
          eventDate: isoDate(date),
          ahv: atBase ? null : rng.pick(VESSELS),
          comment: atBase ? 'Spares inspection at base' : rng.pick(EVENT_COMMENTS),
          documentNo: `${rig.code}-${code}-${year}-${String(++seq).padStart(3, '0')}`,
          responsible: rng.pick(RESPONSIBLE),
          company: rng.pick(COMPANIES),
          isRenewal: typeName === 'Renewal survey',
          category: typeName === 'Renewal survey' ? 'Class' : typeName === 'Inspection' ? 'Annual' : typeName === 'MPI' ? 'NDT' : null,
          resetAge: typeName === 'Reset age',
          ageAtReset: typeName === 'Reset age' ? rng.pick([2.5, 4]) : null,
          createdAt,
          createdBy,
          updatedAt: edited ? notAfter(addDays(createdAt, rng.int(1, 20)), now) : createdAt,
          updatedBy: edited ? rng.pick(EVENT_USERS) : createdBy,
          version: edited ? 2 : 1,
        },
      });
    }
  }
  planned.sort((a, b) => a.row.eventDate.localeCompare(b.row.eventDate));
  const eventIds = new Map<string, number>();
  for (const batch of chunked(planned)) {
    const rows = await tx
      .insert(s.events)
      .values(batch.map((p) => p.row))
      .returning({ id: s.events.id, documentNo: s.events.documentNo });
    for (const r of rows) eventIds.set(r.documentNo!, r.id);
  }

  // ---- event items: statuses of the event's type, comments on findings, a few notifications
  const itemRows: (typeof s.eventItems.$inferInsert)[] = [];
  for (const p of planned) {
    const options = statuses.get(p.row.typeId)!;
    p.items.forEach((item, i) => {
      const status = rng.weighted(
        options,
        options.map((o) => o.weight),
      );
      const finding = !status.isDefault && status.color !== 'default';
      itemRows.push({
        eventId: eventIds.get(p.row.documentNo!)!,
        equipmentId: item.id,
        sequence: i + 1,
        statusId: status.id,
        comment: finding && rng.chance(0.75) ? rng.pick(ITEM_COMMENTS[item.kind]) : null,
        notification: (status.color === 'danger' && rng.chance(0.4)) || (status.color === 'warning' && rng.chance(0.04)),
        createdAt: p.row.createdAt,
        createdBy: p.row.createdBy,
        updatedAt: p.row.createdAt,
        updatedBy: p.row.createdBy,
      });
    });
  }
  for (const batch of chunked(itemRows)) await tx.insert(s.eventItems).values(batch);
  await loadExtraEvents(tx, rng, now, catalogue, { typeId, rigId, statuses, projects: projectRows });
}
