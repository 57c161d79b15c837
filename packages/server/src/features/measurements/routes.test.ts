import type { MeasurementTemplates, TemplateBody } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCatalogue, createCertificateSubType, createCertificateType } from '../../../test/factories-owners.ts';

const t = await setupTestApp();

const nordsund = await createCatalogue(t.db, { owner: 'Nordsund Drilling', type: 'Chain', subType: 'Studless R4' });
const studlink = await createCertificateSubType(t.db, nordsund.type.id, { name: 'Studlink R3S' });
const brattvaag = await createCatalogue(t.db, { owner: 'Brattvaag Offshore', type: 'Chain', subType: 'Studlink R3S' });
const brattvaagWire = await createCertificateType(t.db, brattvaag.owner.id, { name: 'Wire rope' });

const admin = await t.loginAs({ level: 'Admin' });
const reader = await t.loginAs({ level: 'Read' });
const events = await t.loginAs({ level: 'Events' });
const nobody = await t.loginAs({ level: 'None' });
const nordsundAdmin = await t.loginAs({ level: 'Admin', owners: [nordsund.owner.id] });
const nordsundReader = await t.loginAs({ level: 'Read', owners: [nordsund.owner.id] });
const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [nordsund.owner.id] });

type Who = { authorization: string };
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, who: Who = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });

const chain: TemplateBody = {
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
  ],
};
const withStud: TemplateBody = {
  ...chain,
  fields: [...chain.fields, { key: 'stud', label: 'Stud', kind: 'choice', choices: ['Tight', 'Loose', 'Missing'] }],
  criteria: [...(chain.criteria ?? []), { subject: 'stud', op: 'in', values: ['Missing'], meaning: 'condemned' }],
};

const templatesOf = async (typeId: number, who: Who = admin) => {
  const response = await call('GET', `/Measurements/Templates/${typeId}`, undefined, who);
  expect(response.statusCode).toBe(200);
  return response.json<MeasurementTemplates>();
};

describe('measurement templates', () => {
  it('answers a type without a template, and its sub-types, as having none', async () => {
    const body = await templatesOf(nordsund.type.id);
    expect(body.certificateType).toMatchObject({ name: 'Chain', owner: { name: 'Nordsund Drilling' }, template: null });
    expect(body.subTypes).toEqual([
      { id: nordsund.subType.id, name: 'Studless R4', template: null },
      { id: studlink.id, name: 'Studlink R3S', template: null },
    ]);
  });

  it('saves a template as version 1, again unchanged as no new version, changed as version 2', async () => {
    const first = await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, chain);
    expect(first.statusCode).toBe(200);
    const v1 = first.json<MeasurementTemplates>().certificateType.template;
    expect(v1).toMatchObject({ version: 1, createdBy: admin.email, criteria: chain.criteria });
    // Defaults filled in: a field is required unless told, a number's unit kept, others none.
    expect(v1?.fields[2]).toEqual({ key: 'crack', label: 'Crack (MPI)', kind: 'yesNo', unit: null, choices: [], required: true });

    const again = await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, chain);
    expect(again.json<MeasurementTemplates>().certificateType.template).toMatchObject({ id: v1?.id, version: 1 });

    const stricter = { ...chain, criteria: [{ subject: 'diameterLoss', op: '>=', limit: 10, meaning: 'condemned' }] } as TemplateBody;
    const second = await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, stricter);
    const v2 = second.json<MeasurementTemplates>().certificateType.template;
    expect(v2).toMatchObject({ version: 2, criteria: stricter.criteria });

    // The record judged by version 1 still reads it, marked as no longer current.
    const old = await call('GET', `/Measurements/TemplateVersions/${v1?.id}`, undefined, reader);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({
      version: 1,
      criteria: chain.criteria,
      current: false,
      certificateType: { name: 'Chain' },
      subType: null,
    });
    expect((await call('GET', `/Measurements/TemplateVersions/${v2?.id}`)).json()).toMatchObject({ version: 2, current: true });
  });

  it('never changes or deletes a saved version, even in SQL', async () => {
    await expect(t.db.execute(sql`update measurement_template_versions set definition = '{}'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from measurement_template_versions`)).rejects.toThrow();
  });

  it("overrides the type's template for a sub-type, and removing the override inherits again", async () => {
    const saved = await call('PUT', `/Measurements/Templates/SubTypes/${studlink.id}`, withStud, nordsundAdmin);
    expect(saved.statusCode).toBe(200);
    const body = saved.json<MeasurementTemplates>();
    expect(body.subTypes.find((s) => s.id === studlink.id)?.template).toMatchObject({
      version: 1,
      fields: expect.arrayContaining([expect.objectContaining({ key: 'stud' })]),
    });
    expect(body.subTypes.find((s) => s.id === nordsund.subType.id)?.template).toBeNull();

    const removed = await call('DELETE', `/Measurements/Templates/SubTypes/${studlink.id}`, undefined, nordsundAdmin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<MeasurementTemplates>().subTypes.every((s) => s.template === null)).toBe(true);
    // Saved again, the override continues its own numbering: version 1 stays what it was.
    const back = await call('PUT', `/Measurements/Templates/SubTypes/${studlink.id}`, withStud);
    expect(back.json<MeasurementTemplates>().subTypes.find((s) => s.id === studlink.id)?.template?.version).toBe(2);
  });

  it("copies a type's template to another owner's type, overrides to sub-types of the same name", async () => {
    const copied = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: brattvaag.type.id });
    expect(copied.statusCode).toBe(200);
    const body = copied.json();
    expect(body.copiedOverrides).toEqual(['Studlink R3S']);
    expect(body.skippedOverrides).toEqual([]);
    expect(body.templates.certificateType).toMatchObject({ id: brattvaag.type.id, template: { version: 1, criteria: [{ limit: 10 }] } });
    expect(body.templates.subTypes[0]).toMatchObject({ name: 'Studlink R3S', template: { version: 1 } });

    // To a type without that sub-type, the override is named as left behind.
    const toWire = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: brattvaagWire.id });
    expect(toWire.json()).toMatchObject({ copiedOverrides: [], skippedOverrides: ['Studlink R3S'] });
  });

  it('removes a type template without losing its versions', async () => {
    const before = (await templatesOf(brattvaagWire.id)).certificateType.template;
    const removed = await call('DELETE', `/Measurements/Templates/${brattvaagWire.id}`);
    expect(removed.json<MeasurementTemplates>().certificateType.template).toBeNull();
    expect((await call('GET', `/Measurements/TemplateVersions/${before?.id}`)).json()).toMatchObject({ current: false });
    // A copy from a type without a template has nothing to copy.
    const nothing = await call('POST', `/Measurements/Templates/${brattvaagWire.id}/Copy`, { certificateType: nordsund.type.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('This certificate type has no measurement template');
  });
});

describe('who may read and change templates', () => {
  it('lets internal readers read, and only Admins write', async () => {
    expect((await call('GET', `/Measurements/Templates/${nordsund.type.id}`, undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', `/Measurements/Templates/${nordsund.type.id}`, undefined, nobody)).statusCode).toBe(403);
    for (const who of [reader, events]) {
      expect((await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, chain, who)).statusCode).toBe(403);
      expect((await call('PUT', `/Measurements/Templates/SubTypes/${studlink.id}`, chain, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/Measurements/Templates/SubTypes/${studlink.id}`, undefined, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/Measurements/Templates/${nordsund.type.id}`, undefined, who)).statusCode).toBe(403);
      const copy = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: brattvaag.type.id }, who);
      expect(copy.statusCode).toBe(403);
    }
  });

  it('refuses external users, whatever their level, and users of level None', async () => {
    for (const who of [external, nobody]) {
      expect((await call('GET', `/Measurements/Templates/${nordsund.type.id}`, undefined, who)).statusCode).toBe(403);
      expect((await call('GET', '/Measurements/TemplateVersions/1', undefined, who)).statusCode).toBe(403);
      expect((await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, chain, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/Measurements/Templates/${nordsund.type.id}`, undefined, who)).statusCode).toBe(403);
      expect((await call('PUT', `/Measurements/Templates/SubTypes/${studlink.id}`, chain, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/Measurements/Templates/SubTypes/${studlink.id}`, undefined, who)).statusCode).toBe(403);
      const copy = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: brattvaag.type.id }, who);
      expect(copy.statusCode).toBe(403);
    }
    // Nothing changed: the type keeps its template.
    expect((await templatesOf(nordsund.type.id)).certificateType.template).not.toBeNull();
  });

  it("shows another owner's types, sub-types and versions to a user restricted to some owners as missing", async () => {
    const theirs = (await templatesOf(brattvaag.type.id)).certificateType.template;
    expect((await call('GET', `/Measurements/Templates/${brattvaag.type.id}`, undefined, nordsundReader)).statusCode).toBe(404);
    expect((await call('GET', `/Measurements/TemplateVersions/${theirs?.id}`, undefined, nordsundReader)).statusCode).toBe(404);
    expect((await call('PUT', `/Measurements/Templates/${brattvaag.type.id}`, chain, nordsundAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/Measurements/Templates/${brattvaag.type.id}`, undefined, nordsundAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `/Measurements/Templates/SubTypes/${brattvaag.subType.id}`, chain, nordsundAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/Measurements/Templates/SubTypes/${brattvaag.subType.id}`, undefined, nordsundAdmin)).statusCode).toBe(
      404,
    );
    // Copying out of another owner's type: missing; into it: not a type they can choose.
    const from = await call(
      'POST',
      `/Measurements/Templates/${brattvaag.type.id}/Copy`,
      { certificateType: nordsund.type.id },
      nordsundAdmin,
    );
    expect(from.statusCode).toBe(404);
    const to = await call(
      'POST',
      `/Measurements/Templates/${nordsund.type.id}/Copy`,
      { certificateType: brattvaag.type.id },
      nordsundAdmin,
    );
    expect(to.statusCode).toBe(400);
    expect(to.json().errors).toEqual({ certificateType: ['The certificate type was not found'] });
    // Nothing of theirs changed.
    expect((await templatesOf(brattvaag.type.id)).certificateType.template?.id).toBe(theirs?.id);
  });
});

describe('bad input', () => {
  it('answers 400 on the field at fault and saves nothing', async () => {
    const before = (await templatesOf(nordsund.type.id)).certificateType.template;
    const bad = await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, {
      fields: [
        { key: 'Grip 1', label: 'Grip', kind: 'number', unit: 'mm' },
        { key: 'crack', label: '', kind: 'colour' },
      ],
      criteria: [{ subject: 'gone', op: '>', limit: 1, meaning: 'notInspected' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['criteria.0.meaning', 'fields.0.key', 'fields.1.kind', 'fields.1.label']);

    const crossed = await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, {
      ...chain,
      criteria: [
        { subject: 'crack', op: '>=', limit: 1, meaning: 'monitor' },
        { subject: 'gone', op: 'is', value: true, meaning: 'monitor' },
      ],
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({
      'criteria.0.op': ["'crack' is not a number: compare it with 'is' or 'in'"],
      'criteria.1.subject': ["There is no field 'gone'"],
    });
    expect((await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, { ...chain, extra: 1 })).statusCode).toBe(400);
    expect((await call('PUT', `/Measurements/Templates/${nordsund.type.id}`, { fields: [] })).json().errors).toEqual({
      fields: ['A template needs at least one field'],
    });
    expect((await templatesOf(nordsund.type.id)).certificateType.template?.id).toBe(before?.id);
  });

  it('answers 400 for ids that are not ids on every call, and a bad body of an override on its field', async () => {
    for (const [method, url] of [
      ['GET', '/Measurements/Templates/abc'],
      ['PUT', '/Measurements/Templates/0'],
      ['DELETE', '/Measurements/Templates/-1'],
      ['PUT', '/Measurements/Templates/SubTypes/1.5'],
      ['DELETE', '/Measurements/Templates/SubTypes/abc'],
      ['POST', '/Measurements/Templates/abc/Copy'],
      ['GET', '/Measurements/TemplateVersions/99999999999'],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? chain : method === 'POST' ? { certificateType: 1 } : undefined);
      expect([method, url, response.statusCode]).toEqual([method, url, 400]);
    }
    const override = await call('PUT', `/Measurements/Templates/SubTypes/${studlink.id}`, {
      ...withStud,
      derived: [{ key: 'x', label: 'X', kind: 'average', of: ['stud'] }],
    });
    expect(override.json().errors).toEqual({ 'derived.0.kind': ['Kind must be one of lossPercentOfNominal, smallestOf'] });
    const copy = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: 'Chain' });
    expect(copy.json().errors).toEqual({ certificateType: ['Certificate type is required'] });
  });

  it('answers 400 for copies to the same type, 404 for types and versions that do not exist', async () => {
    expect((await call('GET', '/Measurements/Templates/abc')).statusCode).toBe(400);
    expect((await call('GET', '/Measurements/Templates/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/Measurements/Templates/SubTypes/999999', chain)).statusCode).toBe(404);
    expect((await call('GET', '/Measurements/TemplateVersions/999999')).statusCode).toBe(404);
    const same = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, { certificateType: nordsund.type.id });
    expect(same.json().errors).toEqual({ certificateType: ['Choose another certificate type to copy to'] });
    const missing = await call('POST', `/Measurements/Templates/${nordsund.type.id}/Copy`, {});
    expect(missing.json().errors).toEqual({ certificateType: ['Certificate type is required'] });
  });
});
