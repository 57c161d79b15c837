/** What other features use: the event pages' addresses. */
export { eventEquipmentPath, eventPath } from './paths.ts';
