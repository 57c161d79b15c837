/**
 * Property: whatever adds, deletes and moves are made, an event's items keep the sequences 1..n (no
 * gaps, no duplicates) in the order a plain list model predicts.
 */
import type { EventItemsForEdit } from '@portal/contract';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const headers = { authorization: editor.authorization };

type Op = { kind: 'add' } | { kind: 'delete'; at: number } | { kind: 'move'; at: number; to: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'add' as const }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(20) }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(20), to: fc.nat(20) }),
);

let counter = 0;

it('keeps sequences 1..n in the modelled order through any adds, deletes and moves', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
      const event = await createEvent(t.db);
      const base = `/api/EventComponents/${event.id}`;
      const read = async () =>
        (await t.app.inject({ method: 'GET', url: `${base}/GetChipsForEdit`, headers })).json<EventItemsForEdit>().items;
      // Two items to start with, so deletes and moves have something to work on.
      const model: string[] = [];
      for (const stampedId of [`P-${++counter}`, `P-${++counter}`]) {
        await t.app.inject({ method: 'POST', url: `${base}/component`, headers, payload: { stampedId } });
        model.push(stampedId);
      }
      for (const step of ops) {
        const items = await read();
        if (step.kind === 'add') {
          const stampedId = `P-${++counter}`;
          await t.app.inject({ method: 'POST', url: `${base}/component`, headers, payload: { stampedId } });
          model.push(stampedId);
        } else if (items.length > 0) {
          const at = step.at % items.length;
          if (step.kind === 'delete') {
            await t.app.inject({ method: 'DELETE', url: `${base}/component/${items[at].id}`, headers });
            model.splice(at, 1);
          } else {
            const to = step.to % items.length;
            await t.app.inject({ method: 'PUT', url: `${base}/component/${items[at].id}/moveToSequence?sequence=${to + 1}`, headers });
            model.splice(to, 0, ...model.splice(at, 1));
          }
        }
        const after = await read();
        expect(after.map((item) => item.sequence)).toEqual(after.map((_, i) => i + 1));
        expect(after.map((item) => item.stampedId)).toEqual(model);
      }
    }),
    { numRuns: 12 },
  );
  // 12 runs of up to 10 writes each: about 20 s alone, past 30 s on a busy machine.
}, 180_000);
