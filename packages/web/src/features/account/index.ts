/** What other features use of the account feature: the current owner the reports open on (docs/account.md). */

/** The signed-out pages' card, also the public document check's (features/documents). */
export { AccountCard } from './components/AccountCard.tsx';
export { useCurrentOwner } from './components/CurrentOwner.tsx';
