/**
 * Fair use (docs/security.md rule 25): how many calls of a heavy kind one user may have running at once
 * on one instance. An endpoint declares its kind (`fairUse` in its definition); a call beyond the limit
 * answers 429 with `Retry-After`, and the web client shows it under 'Generic Error' with the message.
 */
export const FAIR_USE_LIMITS = {
  /** Exports (Excel, PDF), imports and backups: each holds a database cursor or a large body for seconds. */
  heavy: 2,
  /** Report reads (tabular reports, the general report, the compliance view). */
  report: 6,
} as const;
export type FairUseKind = keyof typeof FAIR_USE_LIMITS;

/** Seconds a refused caller is told to wait (`Retry-After`): about one export of a large event. */
export const FAIR_USE_RETRY_AFTER_SECONDS = 5;

export const fairUseMessages: Record<FairUseKind, string> = {
  heavy: `You already have ${FAIR_USE_LIMITS.heavy} exports, imports or backups running. Wait for one to finish, then try again.`,
  report: `You already have ${FAIR_USE_LIMITS.report} reports loading. Wait a few seconds, then try again.`,
};
