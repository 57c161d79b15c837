/** What other features use of reports: the export buttons of the event and equipment pages. */
export { EquipmentExportButtons, EventExportLinks } from './components/ExportButtons.tsx';
