/** Every message the spec quotes, word for word, used by both the server and the web client. */
export const messages = {
  required: (field: string) => `${field} is required`,
  mustBeInteger: 'Must be integer',
  minLength: (field: string, n: number) => `${field} must contain more than ${n} characters`,
  maxLength: (field: string, n: number) => `${field} must not contain more than ${n} characters`,
  eventTypeRequired: 'Event type is required',
  numberFromInvalid: 'The number from needs to be a valid number',
  numberToInvalid: 'The number to needs to be a valid number',
  secondNumberLarger: 'The second number needs to be larger than the first',
  usernameTooShort: 'Username missing or too short',
  foundItemsInFile: (n: number) => `Found ${n} items in the file`,
  couldNotAddUser: 'Could not add the user provided',
  chipInUseOnEquipment: 'Chip is already in use on equipment, cant add it to a user',
  aliasNotAvailable: 'The alias is not available',
  problemsFound: (n: number) => `${n} Problems found`,
  noAccessToPage: 'You do not have access to this page',
  pageNotFound: 'Page not found',
  eventSaveFailed: 'Something went wrong while saving, please try again',
  unableToAddChip: 'Unable to add the chip, is it already in use?',
  chipAlreadyOnThisEquipment: 'Chip is already added to this equipment',
  chipAlreadyOnEquipment: (id: string) => `Chip already added to equipment ${id}`,
  noEquipmentWithChip: (code: string) => `No equipment found with chip ${code}`,
  noEquipmentForChip: (code: string) => `No equipment found for chip ${code}`,
  continueWithoutSaving: 'Continue without saving?',
  allChangesLost: 'All changes will be lost',
  confirmDelete: 'Confirm delete',
  cannotBeUndone: 'This cannot be undone',
  areYouSure: 'Are you sure?',
  eventCreated: 'Event was created',
  eventSaved: 'Event was saved',
  userSaved: 'User saved successfully',
  passwordWasReset: 'Your password was successfully reset',
  passwordChanged: 'Password reset',
  addedChip: (chipId: string, id: string) => `Added chip with id ${chipId} to equipment ${id}`,
  backupStarting: 'Backup starting...',
  backupStarted: 'Backup started (This might take a while)',
  olderThanFiveYears: '> 5 years',
  // Messages of our own (the spec leaves these to us).
  loginFailed: 'The username or password is incorrect',
  loginLocked: 'Too many failed sign-in attempts. Wait a few minutes and try again.',
  notSignedIn: 'You are not signed in, or your session has expired. Sign in again.',
  forbidden: 'You do not have access to this',
  validationFailed: 'The request has invalid fields',
  databaseUnavailable: 'The database is not available right now. Try again in a moment.',
  unexpected: 'Something went wrong on the server. Try again; if it keeps happening, quote the correlation id.',
} as const;

/** Messages of our own for the Idempotency-Key header (docs/security.md rule 26). */
export const idempotencyMessages = {
  badKey: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters',
  otherRequest: 'This Idempotency-Key was already used for another request. Send a new key for a new request.',
  stillRunning: 'The first request with this Idempotency-Key is still running. Wait a moment, then try again.',
} as const;

/**
 * Section 8: the title shown for each HTTP status. Only the statuses the spec lists have their own
 * title; any other (409, 429, ...) gets the generic one, and the message under it says what happened.
 */
export function statusTitle(status: number): string {
  switch (status) {
    case 0:
      return 'API Offline';
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 500:
      return 'Internal Server Error';
    case 502:
      return 'Bad Gateway';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Generic Error';
  }
}

/**
 * Messages of our own for the password screens (the spec quotes the rest, in `messages`). Here, not in
 * account.ts, so the login page can show them without loading the account schemas (decision 043).
 */
export const accountMessages = {
  resetMailSent:
    'If the username belongs to an account, a mail with a link to reset its password is on its way. The link works for an hour.',
  resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one with Forgot your password.',
  resetLinkIncomplete: 'This link is incomplete. Open the link from the mail again, or ask for a new one.',
  tooManyResets: 'Too many attempts. Wait an hour, or use the link in the latest mail.',
  oldPasswordWrong: 'The old password is incorrect',
  passwordTooCommon: 'This password is too common or has been in a data breach. Choose another one.',
  chipNotRegistered: 'The chip is not registered to a user',
} as const;
