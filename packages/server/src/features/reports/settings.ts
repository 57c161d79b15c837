/** The report settings (docs/reports.md): stored per key, defaults for keys never saved. */
import { defaultReportSettings, type ReportSettings, reportSettings as settingsSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reportSettings } from '../../db/schema.ts';

export async function readReportSettings(db: Executor): Promise<ReportSettings> {
  const rows = await db.select({ key: reportSettings.key, value: reportSettings.value }).from(reportSettings);
  const stored = Object.fromEntries(rows.filter((row) => row.key in defaultReportSettings).map((row) => [row.key, row.value]));
  // A stored value that no longer fits the schema (an old release) falls back to the default.
  const parsed = settingsSchema.safeParse({ ...defaultReportSettings, ...stored });
  return parsed.success ? parsed.data : defaultReportSettings;
}

/** Saves every setting in one transaction, so a report never sees half a change. */
export async function saveReportSettings(db: Executor, settings: ReportSettings, by: string): Promise<ReportSettings> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(settings)) {
      await tx
        .insert(reportSettings)
        .values({ key, value, createdBy: by, updatedBy: by })
        .onConflictDoUpdate({ target: reportSettings.key, set: { value, updatedBy: by, updatedAt: sql`now()` } });
    }
  });
  return readReportSettings(db);
}
