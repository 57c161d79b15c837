/** What other features use of the account feature: the current owner the reports open on (docs/account.md). */
export { useCurrentOwner } from './components/CurrentOwner.tsx';
