/**
 * The mooring spreads as text, one leg a line: `rig; owner id; leg name; stamped ids from the anchor up`
 * (ids separated by spaces or commas). Lines of the same rig and owner form one spread.
 */
import type { MooringSpread } from '@portal/contract';

export function spreadsToText(spreads: MooringSpread[]): string {
  return spreads
    .flatMap((spread) => spread.legs.map((leg) => `${spread.rig}; ${spread.ownerId}; ${leg.name}; ${leg.stampedIds.join(' ')}`))
    .join('\n');
}

export function textToSpreads(text: string): { spreads: MooringSpread[]; error?: string } {
  const spreads: MooringSpread[] = [];
  const lines = text.split('\n').map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    const [rig, owner, leg, ids] = line.split(';').map((part) => part.trim());
    const ownerId = Number(owner);
    const stampedIds = (ids ?? '').split(/[\s,]+/).filter(Boolean);
    if (!rig || !leg || !Number.isInteger(ownerId) || ownerId < 1 || stampedIds.length === 0) {
      return { spreads, error: `Line ${index + 1}: write rig; owner id; leg name; stamped ids` };
    }
    const spread = spreads.find((entry) => entry.rig === rig && entry.ownerId === ownerId);
    if (spread) spread.legs.push({ name: leg, stampedIds });
    else spreads.push({ rig, ownerId, legs: [{ name: leg, stampedIds }] });
  }
  return { spreads };
}
