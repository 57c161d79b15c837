/** The due clock lives in db/due-clock.ts, shared with the exports' survey pack (a feature imports no other feature). */
export * from '../../db/due-clock.ts';
