import type { EventItemEditorRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { chipsOf } from './store.ts';

const row = (stampedId: string, chips?: string[]) => ({ stampedId, chips }) as EventItemEditorRow;

describe('the chips the device knows offline (decision 084)', () => {
  it('names each chip code, in lower case, by its item; a row kept by an older build has none', () => {
    const chips = chipsOf([row('NSD-R4-076-0051', ['E280000000000A01', 'E280000000000A02']), row('NSD-2', []), row('NSD-3')]);
    expect([...chips]).toEqual([
      ['e280000000000a01', 'NSD-R4-076-0051'],
      ['e280000000000a02', 'NSD-R4-076-0051'],
    ]);
  });
});
