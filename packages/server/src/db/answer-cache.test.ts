/**
 * The answer caches (decision 055): the event form's code tables and each user's CurrentUser answer
 * come from memory, and every change to what they are made of shows in the next answer on the same
 * instance (its own writes drop them before they return) and within a second on another instance
 * (that test needs PostgreSQL: the CI pass with TEST_DATABASE_URL).
 */
import type { CurrentUser, EventCodeTables } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it, vi } from 'vitest';
import { setupTestApp, startSecondInstance } from '../../test/app.ts';
import { createFolder, createOwner } from '../../test/factories.ts';
import { createUserChip } from '../../test/factories-users.ts';
import { AnswerCache } from './answer-cache.ts';
import { chips, folders, owners, userOwners, users } from './schema.ts';

describe('AnswerCache', () => {
  it('serves nothing while not listening, and keeps no read that began before an invalidation', async () => {
    const cache = new AnswerCache<number, string>(2);
    let reads = 0;
    const read = async () => `answer ${++reads}`;
    expect(await cache.get(1, read)).toBe('answer 1');
    expect(await cache.get(1, read)).toBe('answer 2'); // not listening: nothing was kept
    cache.setListening(true);
    expect(await cache.get(1, read)).toBe('answer 3');
    expect(await cache.get(1, read)).toBe('answer 3');
    // Dropped while the read runs: the read's answer is served once, not kept.
    const during = cache.get(2, async () => {
      cache.drop(2);
      return read();
    });
    expect(await during).toBe('answer 4');
    expect(await cache.get(2, read)).toBe('answer 5');
    expect(await cache.get(2, read)).toBe('answer 5');
    cache.drop(1);
    expect(await cache.get(1, read)).toBe('answer 6');
    cache.setListening(false);
    expect(await cache.get(1, read)).toBe('answer 7');
  });
});

const t = await setupTestApp();

const codeTables = async (authorization: string, app = t.app) =>
  (await app.inject({ url: '/api/Events/codetables', headers: { authorization } })).json() as EventCodeTables;
const currentUser = async (authorization: string, app = t.app) =>
  (await app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } })).json() as CurrentUser;
const projectNames = async (authorization: string, app = t.app) => (await codeTables(authorization, app)).projects.map((p) => p.name);

/** A write that raises no notification, as if it were lost: triggers are off for the transaction. */
const unheard = (statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

describe('code tables', () => {
  it('show every folder change in the next answer, whoever writes it', async () => {
    const admin = await t.loginAs();
    const rig = await createFolder(t.db, 'rig');
    expect((await codeTables(admin.authorization)).rigs.map((r) => r.id)).toContain(rig.id);

    // Through the API.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Folders',
      headers: { authorization: admin.authorization },
      payload: { name: 'Project Kestrel', parentId: rig.id, color: 'default', default: false },
    });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().id as number;
    expect(await projectNames(admin.authorization)).toContain('Project Kestrel');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/Folders/${projectId}`,
      headers: { authorization: admin.authorization },
      payload: { name: 'Project Osprey', color: 'default', default: false },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await projectNames(admin.authorization)).toEqual(expect.arrayContaining(['Project Osprey']));
    expect(await projectNames(admin.authorization)).not.toContain('Project Kestrel');
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/Folders/${projectId}/enabled/false`,
      headers: { authorization: admin.authorization },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await projectNames(admin.authorization)).not.toContain('Project Osprey');

    // By plain SQL, as an operator would.
    await t.db.update(folders).set({ name: 'Rig Heron' }).where(eq(folders.id, rig.id));
    expect((await codeTables(admin.authorization)).rigs.find((r) => r.id === rig.id)?.name).toBe('Rig Heron');
    await t.db.delete(folders).where(eq(folders.id, projectId));
    await t.db.delete(folders).where(eq(folders.id, rig.id));
    expect((await codeTables(admin.authorization)).rigs.map((r) => r.id)).not.toContain(rig.id);
  });

  it('come from memory while listening, and from the database while the listener is down', async () => {
    const admin = await t.loginAs();
    const type = await createFolder(t.db, 'eventType', { name: 'Type Plover' });
    const typeNames = async () => (await codeTables(admin.authorization)).types.map((x) => x.name);
    // On PostgreSQL every listening connection hears each write, so a late copy of the creation's
    // notification may still drop the answer once: try again, with silent writes only, so that no
    // new notification can come. A cache that keeps nothing fails every try.
    await vi.waitFor(
      async () => {
        await unheard(sql`update folders set name = 'Type Plover' where id = ${type.id}`);
        expect(await typeNames()).toContain('Type Plover');
        await unheard(sql`update folders set name = 'Type Curlew' where id = ${type.id}`);
        expect(await typeNames()).toContain('Type Plover'); // kept: nothing said it changed
      },
      { timeout: 5000, interval: 50 },
    );
    t.answers.setListening(false);
    try {
      expect(await typeNames()).toContain('Type Curlew');
      await unheard(sql`update folders set name = 'Type Dunlin' where id = ${type.id}`);
      expect(await typeNames()).toContain('Type Dunlin');
    } finally {
      t.answers.setListening(true);
    }
  });
});

describe('current user', () => {
  it("shows every change to the user's columns, chip and owners in the next answer", async () => {
    const owner = await createOwner(t.db, { name: 'Owner Avocet' });
    const user = await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id], alias: 'gannet' });
    const answer = () => currentUser(user.authorization);
    expect(await answer()).toMatchObject({ alias: 'gannet', chipId: null, owners: [{ id: owner.id, name: 'Owner Avocet' }] });

    await t.db.update(users).set({ alias: 'skua' }).where(eq(users.id, user.userId));
    expect((await answer()).alias).toBe('skua');
    await t.db.update(users).set({ email: 'skua@test.example' }).where(eq(users.id, user.userId));
    expect((await answer()).email).toBe('skua@test.example');

    const chipId = await createUserChip(t.db, user.userId);
    expect((await answer()).chipId).toBe(chipId);
    await t.db.delete(chips).where(eq(chips.chipId, chipId));
    expect((await answer()).chipId).toBeNull();

    const second = await createOwner(t.db, { name: 'Owner Bittern' });
    await t.db.insert(userOwners).values({ userId: user.userId, ownerId: second.id });
    expect((await answer()).owners.map((o) => o.name)).toEqual(['Owner Avocet', 'Owner Bittern']);
    await t.db.update(owners).set({ name: 'Owner Crane' }).where(eq(owners.id, owner.id));
    expect((await answer()).owners.map((o) => o.name)).toEqual(['Owner Bittern', 'Owner Crane']);
    await t.db.delete(owners).where(eq(owners.id, second.id));
    expect((await answer()).owners.map((o) => o.name)).toEqual(['Owner Crane']);

    await t.db.update(users).set({ allOwners: true }).where(eq(users.id, user.userId));
    expect((await answer()).allOwners).toBe(true);
  });

  it("keeps one user's answer when another user changes, and reads the database while the listener is down", async () => {
    const first = await t.loginAs({ alias: 'merlin' });
    const second = await t.loginAs({ alias: 'kestrel' });
    // As above: try again with silent writes to this user; the other user's change is heard, and its
    // notification names that user only.
    let attempt = 0;
    await vi.waitFor(
      async () => {
        await unheard(sql`update users set alias = 'merlin' where id = ${first.userId}`);
        expect((await currentUser(first.authorization)).alias).toBe('merlin');
        await unheard(sql`update users set alias = 'hobby' where id = ${first.userId}`);
        const otherAlias = `lanner${++attempt}`;
        await t.db.update(users).set({ alias: otherAlias }).where(eq(users.id, second.userId));
        expect((await currentUser(second.authorization)).alias).toBe(otherAlias);
        expect((await currentUser(first.authorization)).alias).toBe('merlin'); // kept: nothing said it changed
      },
      { timeout: 5000, interval: 50 },
    );
    t.answers.setListening(false);
    try {
      expect((await currentUser(first.authorization)).alias).toBe('hobby');
    } finally {
      t.answers.setListening(true);
    }
  });
});

const database = inject('testDatabase');

describe.runIf(database.kind === 'postgres')('two instances on one PostgreSQL', () => {
  it("a change made through one instance shows in the other's answers within a second", async () => {
    const second = await startSecondInstance(t);
    const other = second.app;
    try {
      const admin = await t.loginAs({ alias: 'harrier' });
      const rig = await createFolder(t.db, 'rig', { name: 'Rig Shag' });
      const rigName = async () => (await codeTables(admin.authorization, other)).rigs.find((r) => r.id === rig.id)?.name;
      // Both answers are now kept on the other instance.
      expect(await rigName()).toBe('Rig Shag');
      expect((await currentUser(admin.authorization, other)).alias).toBe('harrier');

      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/Folders/${rig.id}`,
        headers: { authorization: admin.authorization },
        payload: { name: 'Rig Cormorant', color: 'default', default: false },
      });
      expect(renamed.statusCode).toBe(200);
      await t.db.update(users).set({ alias: 'goshawk' }).where(eq(users.id, admin.userId));
      await vi.waitFor(async () => expect(await rigName()).toBe('Rig Cormorant'), { timeout: 1000, interval: 20 });
      await vi.waitFor(async () => expect((await currentUser(admin.authorization, other)).alias).toBe('goshawk'), {
        timeout: 1000,
        interval: 20,
      });
    } finally {
      await second.close();
    }
  });
});
