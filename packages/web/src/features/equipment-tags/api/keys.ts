export const tagKeys = {
  all: ['equipmentTags'] as const,
  list: (search: string, page: number) => ['equipmentTags', 'list', search, page] as const,
};
