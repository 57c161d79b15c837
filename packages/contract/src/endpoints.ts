/**
 * Every endpoint of the API, by feature: the server registers exactly these, the web calls them. The
 * keys are the feature folders (contract `features/<name>/`, server and web `src/features/<name>/`,
 * docs/glossary.md); a feature with several groups spreads them into one.
 */

import type { EndpointDefinition } from './endpoint.ts';
import { accountEndpoints } from './features/account/endpoints.ts';
import { backupEndpoints } from './features/backups/endpoints.ts';
import { caseDuplicateEndpoints } from './features/case-duplicates/endpoints.ts';
import { certificateEditorEndpoints } from './features/certificates/editor.ts';
import { certificateEndpoints } from './features/certificates/endpoints.ts';
import { chipEndpoints } from './features/chips/endpoints.ts';
import { documentEndpoints } from './features/documents/endpoints.ts';
import { dueDateEndpoints } from './features/due-dates/endpoints.ts';
import { equipmentEndpoints } from './features/equipment/endpoints.ts';
import { equipmentTagEndpoints } from './features/equipment-tags/endpoints.ts';
import { eventItemEndpoints } from './features/event-items/index.ts';
import { amendmentEndpoints } from './features/events/amendments.ts';
import { eventDetailEndpoints } from './features/events/detail.ts';
import { eventEndpoints } from './features/events/endpoints.ts';
import { eventFormEndpoints } from './features/events/form.ts';
import { signOffEndpoints } from './features/events/sign-off.ts';
import { exportEndpoints } from './features/exports/endpoints.ts';
import { fileEndpoints } from './features/files/endpoints.ts';
import { folderEndpoints } from './features/folders/endpoints.ts';
import { meaningEndpoints } from './features/folders/meanings.ts';
import { healthEndpoints } from './features/health/endpoints.ts';
import { measurementEndpoints } from './features/measurements/endpoints.ts';
import { notificationEndpoints } from './features/notifications/endpoints.ts';
import { ownerEndpoints } from './features/owners/endpoints.ts';
import { reportEndpoints, reportExcelEndpoints, reportTableEndpoints } from './features/reports/endpoints.ts';
import { predictedDiscardEndpoints } from './features/reports/predicted-discard.ts';
import { searchEndpoints } from './features/search/endpoints.ts';
import { unlinkedEndpoints } from './features/unlinked/endpoints.ts';
import { userEndpoints } from './features/users/endpoints.ts';

/** A group keyed by report name, its keys prefixed so that it can share its feature's group. */
function keyedBy<P extends string, T extends Record<string, EndpointDefinition>>(prefix: P, group: T) {
  return Object.fromEntries(Object.entries(group).map(([name, endpoint]) => [`${prefix}:${name}`, endpoint])) as {
    [K in keyof T & string as `${P}:${K}`]: T[K];
  };
}

export const endpointsByFeature = {
  account: accountEndpoints,
  backups: backupEndpoints,
  caseDuplicates: caseDuplicateEndpoints,
  certificates: { ...certificateEndpoints, ...certificateEditorEndpoints },
  chips: chipEndpoints,
  dueDates: dueDateEndpoints,
  equipment: equipmentEndpoints,
  equipmentTags: equipmentTagEndpoints,
  eventItems: eventItemEndpoints,
  events: { ...eventEndpoints, ...eventFormEndpoints, ...eventDetailEndpoints, ...signOffEndpoints, ...amendmentEndpoints },
  exports: exportEndpoints,
  files: fileEndpoints,
  folders: { ...folderEndpoints, ...meaningEndpoints },
  health: healthEndpoints,
  documents: documentEndpoints,
  measurements: measurementEndpoints,
  notifications: notificationEndpoints,
  owners: ownerEndpoints,
  reports: {
    ...reportEndpoints,
    ...predictedDiscardEndpoints,
    ...keyedBy('table', reportTableEndpoints),
    ...keyedBy('excel', reportExcelEndpoints),
  },
  search: searchEndpoints,
  unlinked: unlinkedEndpoints,
  users: userEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const allEndpoints: EndpointDefinition[] = Object.values(endpointsByFeature).flatMap((feature) => Object.values(feature));
