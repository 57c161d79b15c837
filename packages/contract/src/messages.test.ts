import { describe, expect, it } from 'vitest';
import { eventItemMessages } from './features/event-items/common.ts';
import { messages, statusTitle } from './messages.ts';

describe('status titles (spec section 8)', () => {
  it.each([
    [400, 'Bad Request'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [0, 'API Offline'],
    [418, 'Generic Error'],
    [409, 'Generic Error'],
    [429, 'Generic Error'],
  ])('%i is %s', (status, title) => {
    expect(statusTitle(status)).toBe(title);
  });
});

describe('messages with values', () => {
  it('fill in the field, count or id word for word', () => {
    expect(messages.required('Rig')).toBe('Rig is required');
    expect(messages.minLength('Username', 2)).toBe('Username must contain more than 2 characters');
    expect(messages.problemsFound(3)).toBe('3 Problems found');
    expect(messages.foundItemsInFile(12)).toBe('Found 12 items in the file');
    expect(messages.addedChip('E2801160600002', 'NSD-1')).toBe('Added chip with id E2801160600002 to equipment NSD-1');
    expect(messages.noEquipmentWithChip('ABC')).toBe('No equipment found with chip ABC');
  });
});

describe('set a status on all items (docs/security.md rule 17)', () => {
  it('says how many items of another owner it left, and nothing of them when there are none', () => {
    expect(eventItemMessages.statusSetOnAll(3, 'OK')).toBe('Set OK on 3 items');
    expect(eventItemMessages.statusSetOnAll(2, 'Replace', 1)).toBe('Set Replace on 2 items; 1 item of another owner left as it was');
    expect(eventItemMessages.statusSetOnAll(1, 'OK', 4)).toBe('Set OK on 1 item; 4 items of another owner left as they were');
  });
});
