/**
 * One clock for every compliance view (issue 23 part 2): on the demo data, the Renewal report's due
 * date is each item's renewal clock where its type's regime has a renewal interval, and `renewalYears`
 * after its last renewal (or its signed date) only where the regime has none.
 */
import { MAX_PAGE_SIZE, type ReportTable } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { loadDemoData } from '../../seed/demo.ts';

const t = await setupTestApp();
await loadDemoData(t.db);
const admin = await t.loginAs({ level: 'Admin' });
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: admin.authorization }, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Row = { stampedId: string; type: string; dateSigned: string | null; lastRenewal: string | null; due: string | null };

async function renewalReport(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const table: ReportTable = await call('GET', `/Report/renewal?page=${page}&pageSize=${MAX_PAGE_SIZE}`);
    rows.push(...(table.rows as Row[]));
    if (rows.length >= table.total) return rows;
  }
}

/** As PostgreSQL adds years: 29 February becomes 28 February in a year that has none. */
const plusYears = (date: string, years: number) => {
  const year = Number(date.slice(0, 4)) + years;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return date.slice(4) === '-02-29' && !leap ? `${year}-02-28` : `${year}${date.slice(4)}`;
};

describe('the Renewal report and the renewal clock', { timeout: 120_000 }, () => {
  it('agree for every demo item', async () => {
    // renewalYears unlike the demo's 60-month regimes, so a report that used it for every type would fail.
    const renewalYears = 3;
    const settings = await call('GET', '/Report/settings');
    await call('PUT', '/Report/settings', { ...settings, renewalYears });
    const rows = await renewalReport();
    expect(rows.length).toBeGreaterThan(300);
    const clocks = new Map<string, string | null>();
    for (let i = 0; i < rows.length; i += 2000) {
      const { items } = await call('POST', '/DueDates/Lookup', { stampedIds: rows.slice(i, i + 2000).map((row) => row.stampedId) });
      for (const item of items) clocks.set(item.stampedId, item.renewalDueDate);
    }
    let byRegime = 0;
    for (const row of rows) {
      const clock = clocks.get(row.stampedId) ?? null;
      if (clock !== null) {
        byRegime++;
        expect(row.due, row.stampedId).toBe(clock);
      } else {
        // No renewal interval (Shackles, Slings, ropes in the demo): renewalYears from the latest of the two dates.
        const basis = [row.dateSigned, row.lastRenewal]
          .filter((date): date is string => date !== null)
          .sort()
          .at(-1);
        expect(row.due, row.stampedId).toBe(basis ? plusYears(basis, renewalYears) : null);
      }
    }
    // The demo's chain and Kenter links have a 60-month renewal interval; the other types none.
    expect(byRegime).toBeGreaterThan(0);
    expect(byRegime).toBeLessThan(rows.length);
    const typesByRegime = new Set(rows.filter((row) => clocks.get(row.stampedId)).map((row) => row.type));
    expect([...typesByRegime].sort()).toEqual(['Chain', 'Kenter links']);
  });
});
