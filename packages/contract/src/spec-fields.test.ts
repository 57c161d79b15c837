/**
 * Spec section 3 names each entity's fields: every answer that carries the entity uses those names
 * (extra fields are fine). Each entry lists the spec's field names (a nested one as `parent.child`) and
 * the calls that carry the entity, with where it sits in the answer ('' the answer itself, else a
 * field; arrays are walked through). What a client sends (Event post, the certificate's equipment
 * rows) is checked on the call's body. The schemas are read as JSON Schema, as the OpenAPI page shows them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointDefinition } from './endpoint.ts';
import { endpointsByFeature as e } from './endpoints.ts';

type Json = Record<string, unknown>;

/** The object forms a value may take: through unions, nullables and arrays. */
function forms(schema: Json): Json[] {
  const branches = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (schema[key] as Json[] | undefined) ?? []);
  if (branches.length) return branches.flatMap(forms);
  if (schema.items) return forms(schema.items as Json);
  return [schema];
}

/** The schemas at a dotted path ('' is the schema itself); none when a name on the way is missing. */
function at(schema: Json, path: string): Json[] {
  let found = [schema];
  for (const key of path ? path.split('.') : []) {
    found = found.flatMap(forms).flatMap((form) => {
      const child = (form.properties as Record<string, Json> | undefined)?.[key];
      return child ? [child] : [];
    });
  }
  return found;
}

interface Carrier {
  endpoint: EndpointDefinition;
  /** Where the entity sits in the answer (or the body). */
  path?: string;
  part?: 'response' | 'body';
}

interface Entity {
  name: string;
  fields: string[];
  carriedBy: Carrier[];
}

const audit = ['createdBy', 'createdDate', 'updatedBy', 'updatedDate'];

const entities: Entity[] = [
  {
    name: 'Current user',
    fields: ['id', 'email', 'userType', 'userLevel', 'allOwners', 'owners.id', 'owners.name', 'chipId', 'alias'],
    carriedBy: [{ endpoint: e.account.currentUser }, { endpoint: e.users.userInfo }],
  },
  {
    name: 'User (admin)',
    fields: ['email', 'userType', 'userLevel', 'externalUser', 'owners.id', 'owners.name', 'owners.shortCode'],
    carriedBy: [{ endpoint: e.users.list }, { endpoint: e.users.externalOfOwner }, { endpoint: e.users.get }, { endpoint: e.users.update }],
  },
  { name: 'Login response', fields: ['token', 'userName'], carriedBy: [{ endpoint: e.account.login }] },
  {
    name: 'Owner',
    fields: ['id', 'name', 'shortCode', 'label'],
    carriedBy: [{ endpoint: e.owners.userOwners }, { endpoint: e.owners.list }, { endpoint: e.owners.get }, { endpoint: e.owners.update }],
  },
  {
    name: 'Certificate type',
    fields: ['id', 'name', 'owner'],
    carriedBy: [
      { endpoint: e.owners.types },
      { endpoint: e.owners.type },
      { endpoint: e.owners.createType },
      { endpoint: e.owners.renameType },
    ],
  },
  {
    name: 'Certificate sub-type',
    fields: ['id', 'name', 'certificateType'],
    carriedBy: [
      { endpoint: e.owners.subTypes },
      { endpoint: e.owners.subType },
      { endpoint: e.owners.createSubType },
      { endpoint: e.owners.renameSubType },
    ],
  },
  {
    name: 'Dimension',
    fields: ['id', 'name', 'subType'],
    carriedBy: [{ endpoint: e.owners.dimensions }, { endpoint: e.owners.createDimension }, { endpoint: e.owners.renameDimension }],
  },
  {
    name: 'Certificate',
    fields: [
      'id',
      'ownerId',
      'typeId',
      'subTypeId',
      'dimensionId',
      'certificateNumber',
      'manufacturer',
      'quality',
      'certifiedToCode',
      'dateSigned',
      'certificateIssuedBy',
      'otherInformation',
      'color',
      'certificateFile.id',
      'certificateFile.url',
      'equipment',
      ...audit,
    ],
    carriedBy: [{ endpoint: e.certificates.get }, { endpoint: e.certificates.update }],
  },
  {
    name: 'Certificate equipment entry',
    fields: ['stampedId', 'parentStampedId', 'comment', 'length', 'hidden', 'new', 'changed', 'deleted', 'moveToCertificateId'],
    carriedBy: [
      { endpoint: e.certificates.create, part: 'body', path: 'equipment' },
      { endpoint: e.certificates.update, part: 'body', path: 'equipment' },
    ],
  },
  {
    name: 'Equipment',
    fields: [
      'stampedId',
      'hidden',
      'description',
      'length',
      'comment',
      'certificateId',
      ...[
        'dimension',
        'quality',
        'color',
        'certifiedToCode',
        'age',
        'subType',
        'type',
        'manufacturer',
        'owner',
        'otherInformation',
        'certificateName',
        'certificateFile',
      ].map((field) => `certificate.${field}`),
      'effectiveAge',
      'dateLastReset',
      'chips.chipId',
      'chips.dateRegistered',
      'chips.createdBy',
      'tags',
      'hasChildren',
      'hasEvents',
      'hasChips',
      'rowId',
      'equipmentHistory.stampedId',
      'equipmentHistory.length',
      'equipmentHistory.hidden',
      'equipmentHistory.comment',
      'lastEvent',
      'lastRenewal',
      'notifications',
    ],
    carriedBy: [
      { endpoint: e.equipment.get },
      { endpoint: e.equipment.item },
      { endpoint: e.equipment.setHidden },
      { endpoint: e.equipment.byChip },
    ],
  },
  {
    name: 'Equipment tag',
    fields: ['id', 'stampedId', 'tag', 'color'],
    carriedBy: [
      { endpoint: e.equipmentTags.list, path: 'items' },
      { endpoint: e.equipment.get, path: 'tags' },
    ],
  },
  {
    name: 'Folder',
    fields: ['id', 'name', 'default', 'color', 'parentId', 'enabled'],
    carriedBy: [
      { endpoint: e.folders.get },
      { endpoint: e.folders.oneLevel },
      { endpoint: e.folders.eventTypes },
      { endpoint: e.folders.create },
      { endpoint: e.folders.update },
      { endpoint: e.folders.setEnabled },
      { endpoint: e.folders.rigs },
      { endpoint: e.folders.rig },
      { endpoint: e.folders.rigProjects },
    ],
  },
  {
    name: 'Event',
    fields: [
      'id',
      'type.id',
      'type.name',
      'rig.id',
      'rig.name',
      'referenceNo.id',
      'referenceNo.name',
      'eventLocation',
      'eventDate',
      'ahv',
      'comment',
      'documentNo',
      'responsible',
      'company',
      'isRenewal',
      'category',
      'resetAge',
      'ageAtReset',
      'file',
      'fileId',
      ...audit,
    ],
    carriedBy: [{ endpoint: e.events.get }, { endpoint: e.events.update }],
  },
  {
    name: 'Event post (create)',
    fields: [
      'type',
      'rig',
      'referenceNo',
      'eventLocation',
      'eventDate',
      'ahv',
      'comment',
      'documentNo',
      'responsible',
      'company',
      'isRenewal',
      'resetAge',
      'ageAtReset',
      'fileId',
      'createWithEquipment',
      'eventToCopyFromId',
    ],
    carriedBy: [{ endpoint: e.events.create, part: 'body' }],
  },
  {
    name: 'Event details',
    fields: ['status.id', 'status.name', 'status.color', 'eventDate', 'otherInfo', 'responsible', 'files.url', 'files.fileName'],
    carriedBy: [{ endpoint: e.events.details }],
  },
  {
    name: 'Event summary',
    fields: [
      'hasNotifications',
      'notifications',
      'totalAmount',
      'hasInactive',
      'inActive',
      'hasUnlinked',
      'unlinked',
      'statuses.name',
      'statuses.color',
      'statuses.amount',
    ],
    carriedBy: [{ endpoint: e.events.summary }],
  },
  {
    name: 'Event component (item)',
    fields: ['id', 'sequence', 'stampedId', 'statusId', 'comment', 'notifications', 'files.url', 'files.fileName'],
    carriedBy: [{ endpoint: e.eventItems.details }, { endpoint: e.eventItems.update }, { endpoint: e.eventItems.add, path: 'item' }],
  },
  {
    name: 'Event chip row',
    fields: [
      'id',
      'sequence',
      'stampedId',
      'length',
      'subType',
      'type',
      'owner',
      'ownerLabel',
      'dimension',
      'quality',
      'color',
      'age',
      'effectiveAge',
      'certifiedToCode',
      'linked',
      'active',
      'notifications',
      'notificationsAmount',
      'status',
      'comment',
      'files',
      'notificationEvents',
      'tags',
    ],
    carriedBy: [{ endpoint: e.events.chips, path: 'items' }],
  },
  {
    name: 'Equipment event entry',
    fields: [
      'eventId',
      'eventDate',
      'type',
      'location',
      'rig',
      'project',
      'responsible',
      'company',
      'eventComment',
      'otherInfo',
      'status',
      'category',
      'resetAge',
      'ageAtReset',
      'notifications',
      'files',
      'timeAgo',
    ],
    carriedBy: [{ endpoint: e.events.equipmentEvents }, { endpoint: e.events.equipmentHistory, path: 'events' }],
  },
  {
    name: 'Status',
    fields: ['id', 'name', 'color', 'default'],
    carriedBy: [{ endpoint: e.events.statuses }, { endpoint: e.events.availableStatuses }],
  },
  {
    name: 'Notification',
    fields: [
      'stampedId',
      'dimensionName',
      'certificateSubType',
      'certificateType',
      'quality',
      'owners',
      'comment',
      'eventBy',
      'eventDate',
      'active',
      'status',
      'eventId',
      'eventComponentId',
      ...audit,
    ],
    carriedBy: [{ endpoint: e.notifications.list, path: 'items' }],
  },
  {
    name: 'Backup list',
    fields: [
      'fullBackups',
      'partialBackups',
      'status',
      ...['name', 'url', 'created'].flatMap((field) => [`fullBackups.${field}`, `partialBackups.${field}`]),
    ],
    carriedBy: [{ endpoint: e.backups.list }],
  },
  {
    name: 'Unlinked paging',
    fields: ['equipment', 'unlinkedPagingInfo.amountOfPages'],
    carriedBy: [{ endpoint: e.unlinked.list }],
  },
  { name: 'Help file', fields: ['id', 'fileName', 'url'], carriedBy: [{ endpoint: e.files.help }, { endpoint: e.files.addHelp }] },
  { name: 'Filters', fields: ['users', 'rigs', 'types'], carriedBy: [{ endpoint: e.events.filters }] },
];

/**
 * Entities of section 3 that no schema shape can show: key info is a report table (columns and rows
 * by key, summary figures by label), checked on the answer in packages/server/src/features/reports/routes.test.ts
 * ("key info counts per owner and type, and the totals"); validation statuses are values, not fields.
 */
const checkedElsewhere = ['Key info totals', 'Validation statuses'];

const schemaOf = ({ endpoint, part = 'response' }: Carrier) =>
  z.toJSONSchema(endpoint[part] as z.ZodType, { io: part === 'body' ? 'input' : 'output', unrepresentable: 'any' }) as Json;

describe('spec section 3 field names in the contract', () => {
  it('covers every entity of section 3', () => {
    // 25 lines in section 3, one of them three entities (certificate type, sub-type, dimension).
    expect(entities.length + checkedElsewhere.length).toBe(27);
    for (const entity of entities) expect(entity.carriedBy.length, entity.name).toBeGreaterThan(0);
  });

  it.each(entities)('$name: every answer carrying it has each of its fields', ({ carriedBy, fields }) => {
    const missing = carriedBy.flatMap((carrier) => {
      const { endpoint, path = '', part = 'response' } = carrier;
      const schema = schemaOf(carrier);
      const where = `${endpoint.method} ${endpoint.path}${part === 'body' ? ' body' : ''}${path ? ` ${path}` : ''}`;
      const entity = at(schema, path);
      if (entity.length === 0) return [`${where}: no ${path}`];
      return fields.filter((field) => entity.every((form) => at(form, field).length === 0)).map((field) => `${where}: ${field}`);
    });
    expect(missing).toEqual([]);
  });
});
