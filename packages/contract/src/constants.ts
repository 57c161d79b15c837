/** Business constants and limits of spec section 9. */
export const API_TIMEOUT_MS = 90_000;
export const TOAST_AUTO_CLOSE_MS = 4_000;
export const VALIDATION_DEBOUNCE_MS = 300;
export const TEXT_CHANGE_DEBOUNCE_MS = 500;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const STAMPED_ID_AVAILABILITY_DEBOUNCE_MS = 400;
export const ITEM_AUTOSAVE_DEBOUNCE_MS = 100;
export const SCAN_WINDOW_MS = 1_300;
export const SCAN_CODE_LENGTH = 16;
/**
 * Spec section 7: a chip scan on the login page signs in with the scanned code as username and this
 * fixed password. It is a marker, not a secret: the chip is the credential, and the server accepts
 * this password only together with a chip registered to a user, never as anyone's password (decision 036).
 */
export const CHIP_LOGIN_PASSWORD = 'chip-scan-login';
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const STAMPED_ID_SEARCH_MIN_LENGTH = 2;
export const UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT = 5;
export const UNLINKED_PAGE_SIZE = 50;
export const EFFECTIVE_AGE_FLAG_YEARS = 5;
export const VALIDATION_SCROLL_OFFSET_PX = 100;
export const HEADER_HEIGHT_PX = 150;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const labelColors = ['none', 'default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
export type LabelColor = (typeof labelColors)[number];
/** Owners may also use 'light'. */
export const ownerLabelColors = [...labelColors, 'light'] as const;
export type OwnerLabelColor = (typeof ownerLabelColors)[number];

/** Header the client sends so that a request can be traced through the server's logs. */
export const TRACE_HEADER = 'x-correlation-id';
/**
 * A write sent with this header (1-200 visible ASCII characters) runs once: the same key from the same
 * user within a day gets the first answer again (docs/security.md rule 26). The web client sends a
 * fresh one with each create.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the kept answer of an earlier call with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
