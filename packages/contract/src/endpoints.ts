/** Every endpoint of the API, by feature: the server registers exactly these, the web calls them. */
import { accountEndpoints } from './account.ts';
import { backupEndpoints } from './backups.ts';
import { caseDuplicateEndpoints } from './case-duplicates.ts';
import { certificateEditorEndpoints } from './certificate-editor.ts';
import { certificateEndpoints } from './certificates.ts';
import { chipEndpoints } from './chips.ts';
import { dueDateEndpoints } from './due-dates.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { equipmentEndpoints } from './equipment.ts';
import { equipmentTagEndpoints } from './equipment-tags.ts';
import { eventComponentEndpoints } from './event-components.ts';
import { eventDetailEndpoints } from './event-detail.ts';
import { eventFormEndpoints } from './event-form.ts';
import { eventEndpoints } from './events.ts';
import { exportEndpoints } from './exports.ts';
import { fileEndpoints } from './files.ts';
import { folderEndpoints } from './folders.ts';
import { healthEndpoints } from './health.ts';
import { lookupEndpoints } from './lookups.ts';
import { notificationEndpoints } from './notifications.ts';
import { ownerEndpoints } from './owners.ts';
import { reportEndpoints, reportExcelEndpoints, reportTableEndpoints } from './reports.ts';
import { unlinkedEndpoints } from './unlinked.ts';
import { userEndpoints } from './users.ts';

export const endpointsByFeature = {
  health: healthEndpoints,
  account: accountEndpoints,
  users: userEndpoints,
  owners: ownerEndpoints,
  folders: folderEndpoints,
  events: eventEndpoints,
  files: fileEndpoints,
  equipmentTags: equipmentTagEndpoints,
  certificates: certificateEndpoints,
  certificateEditor: certificateEditorEndpoints,
  lookups: lookupEndpoints,
  unlinked: unlinkedEndpoints,
  caseDuplicates: caseDuplicateEndpoints,
  equipment: equipmentEndpoints,
  chips: chipEndpoints,
  reports: reportEndpoints,
  reportTables: reportTableEndpoints,
  reportExcel: reportExcelEndpoints,
  exports: exportEndpoints,
  eventForm: eventFormEndpoints,
  eventDetail: eventDetailEndpoints,
  eventComponents: eventComponentEndpoints,
  notifications: notificationEndpoints,
  backups: backupEndpoints,
  dueDates: dueDateEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export const allEndpoints: EndpointDefinition[] = Object.values(endpointsByFeature).flatMap((feature) => Object.values(feature));
