import { type CurrentUser, hasLevel } from '@portal/contract';

/**
 * A user with several owners (or all owners) picks the one the reports open on; Read level reads owners.
 * Apart from the chooser (components/CurrentOwner.tsx) so that the frame can ask without loading it.
 */
export const choosesCurrentOwner = (user: CurrentUser) => hasLevel(user, 'Read') && (user.allOwners || user.owners.length > 1);
