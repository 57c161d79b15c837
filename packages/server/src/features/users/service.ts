import {
  type AdminUser,
  type InspectorProfile,
  levelName,
  messages,
  type UserDetail,
  type UserEdit,
  type UserInfo,
  userMessages,
} from '@portal/contract';
import { scopeOf } from '../../auth/scope.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import type { AuthUser } from '../../auth/users.ts';
import { updatedBy, type Viewer } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { checkUserDelete, checkUserEdit, sameSet } from './policy.ts';
import {
  countOwners,
  deleteUserChips,
  deleteUserRow,
  findChipHolder,
  findUserForEdit,
  insertUserChip,
  isAliasTaken,
  type Manager,
  ownerExists,
  replaceUserOwners,
  selectAdminUser,
  selectOwnerChoices,
  selectUserInfo,
  type UserForEdit,
  updateUser,
} from './queries.ts';

/** A user the viewer manages, with the owners the viewer can grant (`manageUsers` is `internal: true`). */
export async function getUserDetail(db: Database, userId: number, viewer: AuthUser): Promise<UserDetail> {
  const [user, availableOwners] = await Promise.all([selectAdminUser(db, userId, viewer), selectOwnerChoices(db, scopeOf(viewer))]);
  if (!user) throw notFound('The user');
  return { ...user, availableOwners };
}

export async function getAdminUser(db: Database, userId: number, viewer: Viewer & Manager): Promise<AdminUser> {
  const user = await selectAdminUser(db, userId, viewer);
  if (!user) throw notFound('The user');
  return user;
}

/** The user a write changes: one the actor manages, else 404 as for a missing one. */
export async function findTarget(db: Database, userId: number, actor: Manager): Promise<UserForEdit> {
  const target = await findUserForEdit(db, userId, actor);
  if (!target) throw notFound('The user');
  return target;
}

/**
 * Saves level, type, owners and alias. A change of level, type or owners ends the user's sessions
 * in the same transaction, so the new rights apply from their next sign-in.
 */
export async function saveUser(db: Database, options: { actor: AuthUser; userId: number; edit: UserEdit }): Promise<UserDetail> {
  const { actor, userId, edit } = options;
  const target = await findTarget(db, userId, actor);
  checkUserEdit(actor, target, edit);
  const ownerIds = edit.allOwners ? [] : [...new Set(edit.owners)];
  if ((await countOwners(db, ownerIds)) !== ownerIds.length) throw badRequest('owners', userMessages.unknownOwners);
  if (edit.alias && (await isAliasTaken(db, edit.alias, userId))) throw badRequest('alias', messages.aliasNotAvailable);

  const accessChanged =
    edit.userLevel !== target.userLevel ||
    edit.userType !== target.userType ||
    edit.allOwners !== target.allOwners ||
    !sameSet(ownerIds, target.ownerIds);
  // The current owner choice must stay one of the user's owners.
  const keepsCurrentOwner = target.currentOwnerId !== null && (edit.allOwners || ownerIds.includes(target.currentOwnerId));
  try {
    await db.transaction(async (tx) => {
      await updateUser(tx, userId, {
        userLevel: edit.userLevel,
        userType: edit.userType,
        allOwners: edit.allOwners,
        alias: edit.alias,
        // The inspector profile (issue 25): a field not sent stays as it is.
        inspectorName: edit.inspectorName,
        inspectorQualification: edit.inspectorQualification,
        inspectorCompany: edit.inspectorCompany,
        currentOwnerId: keepsCurrentOwner ? target.currentOwnerId : null,
        ...updatedBy(actor),
      });
      await replaceUserOwners(tx, userId, ownerIds);
      if (accessChanged) await revokeUserSessions(tx, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_alias_key')) throw badRequest('alias', messages.aliasNotAvailable);
    if (isForeignKeyViolation(error)) throw badRequest('owners', userMessages.unknownOwners);
    throw error;
  }
  return getUserDetail(db, userId, actor);
}

/** Deletes a user; their sessions end in the same transaction (chips and owner links go with them). */
export async function deleteUser(db: Database, options: { actor: AuthUser; userId: number }): Promise<void> {
  const target = await findTarget(db, options.userId, options.actor);
  checkUserDelete(options.actor, target);
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, target.id);
    await deleteUserRow(tx, target.id);
  });
}

/**
 * Gives a user a chip (one per user: a new one replaces the old). A chip is a sign-in credential,
 * so replacing one ends the user's sessions, as removing one does.
 */
export async function setUserChip(db: Database, options: { actor: AuthUser; userId: number; chipId: string }): Promise<AdminUser> {
  const { actor, userId, chipId } = options;
  await findTarget(db, userId, actor);
  const holder = await findChipHolder(db, chipId);
  if (holder?.equipmentId !== null && holder?.equipmentId !== undefined) throw badRequest('chipId', messages.chipInUseOnEquipment);
  if (holder?.userId && holder.userId !== userId) throw badRequest('chipId', userMessages.chipInUseByUser);
  if (holder?.chipId === chipId) return getAdminUser(db, userId, actor);
  try {
    await db.transaction(async (tx) => {
      const removed = await deleteUserChips(tx, userId);
      await insertUserChip(tx, { chipId, userId, createdBy: actor.email });
      await updateUser(tx, userId, updatedBy(actor));
      if (removed > 0) await revokeUserSessions(tx, userId);
    });
  } catch (error) {
    // Someone registered the same chip a moment ago.
    if (isUniqueViolation(error)) throw badRequest('chipId', messages.unableToAddChip);
    throw error;
  }
  return getAdminUser(db, userId, actor);
}

export async function removeUserChip(db: Database, options: { actor: AuthUser; userId: number }): Promise<AdminUser> {
  const target = await findTarget(db, options.userId, options.actor);
  await db.transaction(async (tx) => {
    if ((await deleteUserChips(tx, target.id)) === 0) return;
    await updateUser(tx, target.id, updatedBy(options.actor));
    await revokeUserSessions(tx, target.id);
  });
  return getAdminUser(db, target.id, options.actor);
}

/**
 * The signed-in user's profile. The level is the session's, as every check sees it: a chip session's
 * is capped at Events (decision 036), so the profile never shows more than the session may do.
 */
export async function getUserInfo(db: Database, signedIn: AuthUser): Promise<UserInfo> {
  const info = await selectUserInfo(db, signedIn.id);
  if (!info) throw new AppError(401, messages.notSignedIn);
  return { ...info, userLevel: signedIn.userLevel, levelName: levelName(signedIn.userLevel) };
}

/** PUT /Account/InspectorProfile: the signed-in user's own inspector name, qualification and employer. */
export async function setInspectorProfile(db: Database, actor: AuthUser, profile: Partial<InspectorProfile>): Promise<UserInfo> {
  const { inspectorName, inspectorQualification, inspectorCompany } = profile;
  await updateUser(db, actor.id, { inspectorName, inspectorQualification, inspectorCompany, ...updatedBy(actor) });
  return getUserInfo(db, actor);
}

/** The signed-in user's current owner choice: one of their owners (any owner with all owners). */
export async function setCurrentOwner(db: Database, options: { actor: AuthUser; userId: number; ownerId: number }): Promise<UserInfo> {
  const { actor, userId, ownerId } = options;
  if (userId !== actor.id) throw forbidden();
  const allowed = actor.allOwners ? await ownerExists(db, ownerId) : actor.ownerIds.includes(ownerId);
  if (!allowed) throw badRequest('ownerId', userMessages.notYourOwner);
  await updateUser(db, userId, { currentOwnerId: ownerId, ...updatedBy(actor) });
  return getUserInfo(db, actor);
}
