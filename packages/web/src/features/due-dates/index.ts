/** What other features use: the due-date badge and the look-up behind it, the Reports entry, the user menu switch. */
export { useDueDates } from './api.ts';
export { DueBadge, ItemDueBadge } from './components/DueBadge.tsx';
export { DueRegimePanel } from './components/DueRegimePanel.tsx';
export { DueRemindersMenuItem } from './components/DueRemindersMenuItem.tsx';
export { DueReportLink } from './components/DueReportLink.tsx';
export { dueColumn } from './components/dueColumn.tsx';
export { EventTypeDueKindField, NewEventTypeDueKindField, useSaveNewEventTypeKind } from './components/EventTypeDueKindField.tsx';
