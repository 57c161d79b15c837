export const helpKeys = {
  all: ['help'] as const,
  list: () => ['help', 'list'] as const,
};
