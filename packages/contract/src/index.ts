export * from './account.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './events.ts';
export * from './messages.ts';
export * from './permissions.ts';
