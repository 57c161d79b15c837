/** The addresses of the owner catalogue's pages: owners, an owner's types, a type's sub-types, a sub-type's dimensions. */
export const ownersPath = '/Admin/Owners';
export const ownerPath = (ownerId: number) => `${ownersPath}/${ownerId}`;
export const typePath = (ownerId: number, typeId: number) => `${ownerPath(ownerId)}/${typeId}`;
export const subTypePath = (ownerId: number, typeId: number, subTypeId: number) => `${typePath(ownerId, typeId)}/${subTypeId}`;
