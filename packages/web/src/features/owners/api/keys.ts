/** Query keys of the owners feature: every write invalidates `ownerKeys.all`, so all levels refresh. */
export const ownerKeys = {
  all: ['owners'] as const,
  list: () => [...ownerKeys.all, 'list'] as const,
  one: (ownerId: number) => [...ownerKeys.all, ownerId] as const,
  types: (ownerId: number) => [...ownerKeys.all, ownerId, 'types'] as const,
  type: (ownerId: number, typeId: number) => [...ownerKeys.all, ownerId, 'types', typeId] as const,
  subTypes: (ownerId: number, typeId: number) => [...ownerKeys.all, ownerId, 'types', typeId, 'subtypes'] as const,
  subType: (ownerId: number, typeId: number, subTypeId: number) =>
    [...ownerKeys.all, ownerId, 'types', typeId, 'subtypes', subTypeId] as const,
  dimensions: (ownerId: number, typeId: number, subTypeId: number) =>
    [...ownerKeys.all, ownerId, 'types', typeId, 'subtypes', subTypeId, 'dimensions'] as const,
};
