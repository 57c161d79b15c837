/** Addresses of the certificate pages (spec section 2, "Certificates"). */
export const certificatesPath = '/Certificates';
export const certificatePath = (id: number) => `/Certificates/${id}`;
export const certificateSearchPath = (search: string) => `/Certificates/Search/${encodeURIComponent(search)}`;
/** The equipment page of a stamped id (spec section 2, "Equipment"). */
export const equipmentPath = (stampedId: string) => `/Equipment/${encodeURIComponent(stampedId)}`;
