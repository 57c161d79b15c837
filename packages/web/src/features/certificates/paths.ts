/** Addresses of the certificate pages (spec section 2, "Certificates"). */
export const certificatesPath = '/Certificates';
export const certificatePath = (id: number) => `/Certificates/${id}`;
export const certificateSearchPath = (search: string) => `/Certificates/Search/${encodeURIComponent(search)}`;
export { equipmentPath } from '../../components/StampedIdLink.tsx';
/** The editor's addresses: add, copy (?file=1 copies the PDF too) and edit. */
export const certificateAddPath = '/Certificates/Add';
export const certificateCopyPath = (id: number, withFile = false) => `/Certificates/Add/${id}${withFile ? '?file=1' : ''}`;
export const certificateEditPath = (id: number) => `/Certificates/Edit/${id}`;
