/** What other features use: the event pages' addresses. */
export { eventItemsPath, eventPath } from './paths.ts';
export { SignedOffNote, signedOffText } from './sign-off/SignedOffNote.tsx';
