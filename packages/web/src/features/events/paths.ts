/** Addresses of the event pages (spec section 2, "Events"). */
export const eventsPath = '/Events';
export const eventSearchPath = (search: string) => `/Events/Search/${encodeURIComponent(search)}`;
export const eventPath = (id: number) => `/Events/${id}`;
export const eventAddPath = '/Events/Add';
export const eventCopyPath = (id: number) => `/Events/Add/${id}`;
export const eventEditPath = (id: number) => `/Events/Edit/${id}/Details`;
/** The equipment editor (features/event-equipment): where a new event goes after its first save. */
export const eventItemsPath = (id: number) => `/Events/Edit/${id}/Equipment`;
