/**
 * Event items, the spec's event components (sections 2 "/Events/Edit/{id}/Equipment", 3 "Event
 * component" and "Event chip row", 4, 5, 7 "Event items"): the items of one event in order, added by
 * stamped id, series, import file or chip scan, each with a status of the event type, a comment,
 * images and a notification flag. Rules: docs/event-items.md.
 */

export * from './adding.ts';
export * from './common.ts';
export * from './editing.ts';
export * from './endpoints.ts';
export * from './reading.ts';
export * from './verdict.ts';
