/**
 * A JSON page of an item report picks its ids from report_items first (decision 049): every page, for
 * every caller, must hold exactly the rows of the report's full SELECT (the one Excel streams) at
 * that position, whatever the page size, the colour lists (several, repeated) or the chips per item.
 */
import { type ReportName, type ReportTable, reportNameList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createReportDataset } from '../../../test/factories-reports.ts';
import { chips } from '../../db/schema.ts';
import { reportPages, reportQueries } from './queries.ts';
import { readReportSettings } from './settings.ts';

const t = await setupTestApp();
const data = await createReportDataset(t.db);
const admin = await t.loginAs({ level: 'Admin' });
const external = await t.loginAs({ type: 'Report', level: 'None', owners: [data.mine.id] });
// A second chip on one item, so the chip report pages chips rather than items.
await t.db.insert(chips).values({ chipId: 'RPCHIP0', equipmentId: data.items.klNew.id });

const paged = reportNameList.filter((name) => reportPages[name]);
const key = (row: Record<string, unknown>) => [row.stampedId, row.chipId ?? null, row.status ?? null, row.comment ?? null];

async function fullRows(name: ReportName, scope: 'all' | readonly number[]) {
  const ctx = { scope: scope === 'all' ? scope : [...scope], settings: await readReportSettings(t.db), internal: true };
  return ((await t.db.execute(reportQueries[name](ctx))).rows as Record<string, unknown>[]).map(key);
}

async function everyPage(name: ReportName, who: { authorization: string }, pageSize: number) {
  const rows: unknown[] = [];
  for (let page = 0; ; page++) {
    const response = await t.app.inject({
      url: `/api/Report/${name}?page=${page}&pageSize=${pageSize}`,
      headers: { authorization: who.authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const table = response.json() as ReportTable;
    rows.push(...table.rows.map(key));
    if (table.rows.length < pageSize) return { rows, total: table.total };
  }
}

async function expectPagesMatch() {
  for (const name of paged) {
    for (const [who, scope] of [
      [admin, 'all'],
      [external, [data.mine.id]],
    ] as const) {
      const full = await fullRows(name, scope);
      for (const size of [2, 50]) {
        const { rows, total } = await everyPage(name, who, size);
        expect(rows, `${name} pages of ${size}`).toEqual(full);
        expect(total, `${name} total`).toBe(full.length);
      }
    }
  }
}

describe('item report pages', () => {
  it('every page holds the rows of the full report at its position, for all owners and one', async () => {
    expect(paged).toEqual(expect.arrayContaining(['stampedids', 'redEquipment', 'chain84', 'chipReport']));
    await expectPagesMatch();
  });
});
