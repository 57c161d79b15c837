/** The report settings (docs/reports.md): stored per key, defaults for keys never saved. */
import {
  defaultReportSettings,
  type ReportSettings,
  reportMessages,
  reportSettings as settingsSchema,
  userMessages,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { reportSettings } from '../../db/schema.ts';
import { coversEveryOwner, coversOwner } from '../../db/scope.ts';
import { AppError, badRequest } from '../../http/errors.ts';

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

/**
 * The settings as an Admin with this scope reads them: the mooring spreads of their owners only. The
 * other settings are the same for every owner and every report states them in its description.
 */
export async function readScopedReportSettings(db: Executor, scope: OwnerScope): Promise<ReportSettings> {
  const settings = await readReportSettings(db);
  return { ...settings, mooringSpreads: settings.mooringSpreads.filter((spread) => coversOwner(scope, spread.ownerId)) };
}

/**
 * Saves the settings as an Admin with this scope (docs/security.md rule 22). An Admin with an owner
 * list changes only their owners' mooring spreads: the other settings must come back as stored (403
 * otherwise), a spread of an owner outside the list is refused on its field, and the other owners'
 * spreads are kept as they are.
 */
export async function saveScopedReportSettings(
  db: Executor,
  settings: ReportSettings,
  caller: { scope: OwnerScope; email: string },
): Promise<ReportSettings> {
  const { scope } = caller;
  if (coversEveryOwner(scope)) return saveReportSettings(db, settings, caller.email);
  const stored = await readReportSettings(db);
  const keys = Object.keys(settings) as (keyof ReportSettings)[];
  const changed = keys.filter((key) => key !== 'mooringSpreads' && JSON.stringify(settings[key]) !== JSON.stringify(stored[key]));
  if (changed.length > 0) throw new AppError(403, reportMessages.settingsNeedAllOwners);
  settings.mooringSpreads.forEach((spread, index) => {
    if (!coversOwner(scope, spread.ownerId)) throw badRequest(`mooringSpreads.${index}.ownerId`, userMessages.notYourOwner);
  });
  const mooringSpreads = [...stored.mooringSpreads.filter((spread) => !coversOwner(scope, spread.ownerId)), ...settings.mooringSpreads];
  // Together with the other owners' spreads the list must still fit the schema, or every setting would read as the default.
  const fits = settingsSchema.shape.mooringSpreads.safeParse(mooringSpreads);
  if (!fits.success) throw badRequest('mooringSpreads', fits.error.issues[0].message);
  await saveReportSettings(db, { ...settings, mooringSpreads }, caller.email);
  return readScopedReportSettings(db, scope);
}
