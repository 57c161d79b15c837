/**
 * A small hand-built dataset for the report and export tests, with stamped ids that say what each
 * item is. Owner "mine" (the caller's) and owner "other" (foreign):
 *
 * | stamped id   | owner | type        | dimension | active | latest status (colour)        |
 * |--------------|-------|-------------|-----------|--------|-------------------------------|
 * | RP-CH84-RED  | mine  | Chain       | 84 mm     | yes    | Replace (danger), 10 days ago |
 * | RP-CH84-YEL  | mine  | Chain       | 84 mm     | yes    | Monitor (warning), comment '=1+1' |
 * | RP-CH127-OK  | mine  | Chain       | 127 mm    | yes    | OK (success); length 300      |
 * | RP-CH127-OFF | mine  | Chain       | 127 mm    | no     | Replace (danger)              |
 * | RP-KL-MPI    | mine  | Kenter links| 84 mm     | yes    | No indications (MPI, 200 days ago) |
 * | RP-KL-NEW    | mine  | Kenter links| 84 mm     | yes    | never inspected; chip RPCHIP1 |
 * | RP-FR-1      | mine  | Fibre rope  | 190 mm    | yes    | OK (success)                  |
 * | RP-OTHER-RED | other | Chain       | 127 mm    | yes    | Replace (danger)              |
 * | RP-UNLINKED  | none  |             |           | yes    | never inspected               |
 *
 * Events: an inspection 10 days ago (rig "RP Rig", project "RP Project") of every item but the
 * Kenter links and RP-UNLINKED; an MPI 200 days ago of RP-KL-MPI.
 */
import type { StatusMeaning } from '@portal/contract';
import type { Executor } from '../src/db/client.ts';
import { chips } from '../src/db/schema.ts';
import { createEvent, createFolder, createOwner } from './factories.ts';
import { createCertificate, createEquipment, createEventItem } from './factories-items.ts';
import { createCertificateSubType, createCertificateType, createDimension } from './factories-owners.ts';

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function node(db: Executor, ownerId: number, type: string, subType: string, dimension: string) {
  const t = await createCertificateType(db, ownerId, { name: type });
  const s = await createCertificateSubType(db, t.id, { name: subType });
  const d = await createDimension(db, s.id, { name: dimension });
  return { type: t, subType: s, dimension: d };
}

export async function createReportDataset(db: Executor) {
  const mine = await createOwner(db, { name: `Report owner` });
  const other = await createOwner(db, { name: `Foreign report owner` });
  const chainType = await createCertificateType(db, mine.id, { name: 'Chain' });
  const studless = await createCertificateSubType(db, chainType.id, { name: 'Studless R4' });
  const d84 = await createDimension(db, studless.id, { name: '84 mm' });
  const d127 = await createDimension(db, studless.id, { name: '127 mm' });
  const kenter = await node(db, mine.id, 'Kenter links', 'Kenter R4', '84 mm');
  const fibre = await node(db, mine.id, 'Fibre rope', 'Polyester', '190 mm');
  const foreign = await node(db, other.id, 'Chain', 'Studless R4', '127 mm');

  const certificate = async (owner: { id: number }, n: { type: { id: number }; subType: { id: number }; dimension: { id: number } }) =>
    (await createCertificate(db, { catalogue: { owner, ...n } as never, certificateNumber: `RPC-${n.dimension.id}` })).certificate;
  const chain84 = await certificate(mine, { type: chainType, subType: studless, dimension: d84 });
  const chain127 = await certificate(mine, { type: chainType, subType: studless, dimension: d127 });
  const kenterCert = await certificate(mine, kenter);
  const fibreCert = await certificate(mine, fibre);
  const foreignCert = await certificate(other, foreign);

  const item = (stampedId: string, certificateId: number | null, extra: { hidden?: boolean; length?: number } = {}) =>
    createEquipment(db, { stampedId: `${stampedId}`, certificateId, length: extra.length ?? 100, hidden: extra.hidden ?? false });
  const items = {
    red: await item('RP-CH84-RED', chain84.id),
    yellow: await item('RP-CH84-YEL', chain84.id),
    ok127: await item('RP-CH127-OK', chain127.id, { length: 300 }),
    off127: await item('RP-CH127-OFF', chain127.id, { hidden: true }),
    klMpi: await item('RP-KL-MPI', kenterCert.id),
    klNew: await item('RP-KL-NEW', kenterCert.id),
    fibre: await item('RP-FR-1', fibreCert.id),
    foreign: await item('RP-OTHER-RED', foreignCert.id),
    unlinked: await item('RP-UNLINKED', null),
  };
  await db.insert(chips).values({ chipId: `RPCHIP1`, equipmentId: items.klNew.id });

  const inspection = await createFolder(db, 'eventType', { name: `Inspection` });
  const status = async (name: string, color: string, parentId = inspection.id, meaning: StatusMeaning = 'fit') =>
    createFolder(db, 'status', { name, color, parentId, meaning });
  const ok = await status('OK', 'success');
  const monitor = await status('Monitor', 'warning', inspection.id, 'monitor');
  const replace = await status('Replace', 'danger', inspection.id, 'condemned');
  const mpi = await createFolder(db, 'eventType', { name: `MPI` });
  const noIndications = await status('No indications', 'success', mpi.id);
  const rig = await createFolder(db, 'rig', { name: `RP Rig` });
  const project = await createFolder(db, 'project', { name: `RP Project`, parentId: rig.id });

  const event = await createEvent(db, { typeId: inspection.id, rigId: rig.id, projectId: project.id, eventDate: daysAgo(10) });
  const mpiEvent = await createEvent(db, { typeId: mpi.id, rigId: rig.id, projectId: project.id, eventDate: daysAgo(200) });
  const inspected: [{ id: number }, number, string | null][] = [
    [items.red, replace.id, 'Link worn through'],
    [items.yellow, monitor.id, '=1+1'],
    [items.ok127, ok.id, null],
    [items.off127, replace.id, null],
    [items.fibre, ok.id, null],
    [items.foreign, replace.id, 'Foreign comment'],
  ];
  for (const [index, [equipment, statusId, comment]] of inspected.entries()) {
    await createEventItem(db, { eventId: event.id, equipmentId: equipment.id, sequence: index + 1, statusId, comment });
  }
  await createEventItem(db, { eventId: mpiEvent.id, equipmentId: items.klMpi.id, sequence: 1, statusId: noIndications.id });
  return { mine, other, items, event, mpiEvent, mpi, dimensions: { d84, d127 } };
}
