/** Demo data: the report settings, with the mooring spreads of owner 83's rigs (docs/reports.md). */
import { defaultReportSettings, type MooringSpread } from '@portal/contract';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { DemoCatalogue } from './demo-catalogue.ts';
import { DEMO_RIGS } from './demo-catalogue-data.ts';

const SPREAD_OWNER_ID = 83;

export async function loadReportSettings(tx: Tx, catalogue: DemoCatalogue) {
  const mooringSpreads: MooringSpread[] = DEMO_RIGS.filter((rig) => rig.ownerId === SPREAD_OWNER_ID).map((rig) => ({
    rig: rig.name,
    ownerId: rig.ownerId,
    legs: (catalogue.spreads.get(rig.name) ?? []).map((leg, index) => ({
      name: `Leg ${index + 1}`,
      stampedIds: leg.map((item) => item.stampedId),
    })),
  }));
  const by = 'sysadmin@demo.example';
  await tx
    .insert(s.reportSettings)
    .values(
      Object.entries({ ...defaultReportSettings, mooringSpreads }).map(([key, value]) => ({ key, value, createdBy: by, updatedBy: by })),
    );
}
