/**
 * User administration (spec section 2 "/Admin/Users", section 3 "User (admin)", section 7 "Account"
 * user calls and "Users"), plus the signed-in user's own profile and current owner choice.
 */
import { z } from 'zod';
import { userReads } from '../../cache.ts';
import { audit, idParam } from '../../common.ts';
import { PASSWORD_MIN_LENGTH, SCAN_CODE_LENGTH } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import { type RouteAccess, UserLevel, UserType } from '../../permissions.ts';
import { idField, idParamValue, numberEnum, SINGLE_LINE_TEXT, searchText, secretText, text } from '../../primitives.ts';
import { inspectorProfile, inspectorProfileBody } from '../events/sign-off.ts';

export const EMAIL_MAX = 320;
export const ALIAS_MAX = 100;
/** An alias is a login name, and login names need USERNAME_MIN_LENGTH (3) characters. */
export const ALIAS_MIN = 3;
export const PASSWORD_MAX = 1024;

/** "A general email pattern" (spec section 5): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A chip code as the scanner types it: 16 letters or digits (spec section 9). */
export const CHIP_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${SCAN_CODE_LENGTH}}$`);

/** Messages of our own for user administration (the spec quotes the others, in `messages`). */
export const userMessages = {
  chipInUseByUser: 'Chip is already in use by another user',
  chipCode: `A chip code is ${SCAN_CODE_LENGTH} letters or digits`,
  ownLevel: 'You cannot change your own level',
  ownType: 'You cannot change your own user type',
  levelAboveOwn: 'You cannot give a user a higher level than your own',
  ownOwners: 'You cannot change your own owners',
  ownersBeyondOwn: 'You can only give owners you have yourself',
  deleteSelf: 'You cannot delete your own user',
  setOwnPassword: 'Use Change password to change your own password',
  unknownOwners: 'One or more of the owners do not exist',
  notYourOwner: 'Choose one of your own owners',
  passwordsDiffer: 'The passwords do not match',
  userNotFound: 'The user was not found',
  userAdded: (email: string) => `Added ${email}; a mail with a link to set a password is on its way`,
  chipAdded: (chipId: string) => `Chip ${chipId} was added`,
  chipRemoved: 'Chip removed',
  passwordSet: 'The password was set',
  userDeleted: 'The user was deleted',
} as const;

/** An owner as a user's access list shows it. */
export const userOwner = z.object({ id: z.number().int(), name: z.string(), shortCode: z.string() });
export type UserOwner = z.infer<typeof userOwner>;

/** Spec section 3 "User (admin)", with id, alias, allOwners, chipId and audit. */
export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  alias: z.string().nullable(),
  userType: z.number().int(),
  userLevel: z.number().int(),
  /** True for userType Report (customers). */
  externalUser: z.boolean(),
  allOwners: z.boolean(),
  owners: z.array(userOwner),
  chipId: z.string().nullable(),
  ...inspectorProfile.shape,
  ...audit,
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET/PUT /Users/{id}: the user plus every owner the editor can grant. */
export const userDetail = adminUser.extend({ availableOwners: z.array(userOwner) });
export type UserDetail = z.infer<typeof userDetail>;

/** GET /Account/GetUsers?search: matches email or alias, case-insensitive substring. */
export const userListQuery = z.object({ search: searchText('Search', EMAIL_MAX) });
export type UserListQuery = z.infer<typeof userListQuery>;

export const userList = z.array(adminUser);

/** POST /Account/Register: any malformed address gets the spec's one message. */
export const registerUserBody = z.strictObject({
  email: z
    .string({ error: messages.couldNotAddUser })
    .trim()
    .max(EMAIL_MAX, messages.couldNotAddUser)
    // The pattern allows no spaces, so no control characters either.
    .regex(EMAIL_PATTERN, messages.couldNotAddUser)
    .regex(SINGLE_LINE_TEXT, messages.couldNotAddUser),
});
export type RegisterUserBody = z.input<typeof registerUserBody>;

const levelValues = Object.values(UserLevel) as [number, ...number[]];
const typeValues = Object.values(UserType) as [number, ...number[]];

/**
 * PUT /Users/{id}: the editable fields only (email, chip and password have their own calls).
 * With allOwners on, the owners list is not kept.
 */
export const userEditBody = z.strictObject({
  userLevel: numberEnum(levelValues, 'Level'),
  userType: numberEnum(typeValues, 'User type'),
  allOwners: z.boolean({ error: messages.required('All owners') }),
  owners: z.array(idField('Owner'), { error: messages.required('Owners') }).max(1000),
  alias: text({ field: 'Alias', max: ALIAS_MAX })
    .refine((value) => value === '' || value.length >= ALIAS_MIN, messages.minLength('Alias', ALIAS_MIN - 1))
    .nullable()
    .transform((value) => value || null),
  /** The inspector profile (issue 25): optional, so a client that does not send it leaves it as it is. */
  ...inspectorProfileBody.shape,
});
export type UserEditBody = z.input<typeof userEditBody>;
export type UserEdit = z.output<typeof userEditBody>;

/** POST /Account/SetUserChip/{userId}/{chipId} (the spec's {a}/{b}). */
export const userChipParams = z.object({
  userId: idParamValue('User'),
  chipId: z.string().regex(CHIP_CODE_PATTERN, userMessages.chipCode),
});

/** The password rules of the reset and change screens: minimum 8 characters, retyped equal. */
export const newPasswordRule = secretText('New password', PASSWORD_MAX).min(
  PASSWORD_MIN_LENGTH,
  messages.minLength('New password', PASSWORD_MIN_LENGTH - 1),
);

/** POST /Account/SetPassword: a SystemAdministrator sets another user's password. */
export const setPasswordBody = z
  .strictObject({
    userId: idField('User'),
    newPassword: newPasswordRule,
    confirmPassword: secretText('Retype password', PASSWORD_MAX),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: userMessages.passwordsDiffer, path: ['confirmPassword'] });
export type SetPasswordBody = z.input<typeof setPasswordBody>;

/** PUT /Account/{id}/currentOwner?ownerId. */
export const currentOwnerQuery = z.object({
  ownerId: idParamValue('Owner'),
});

/** GET /Account/UserInfo: the signed-in user's own profile, with the level name and type label. */
export const userInfo = z.object({
  id: z.number().int(),
  email: z.string(),
  alias: z.string().nullable(),
  userType: z.number().int(),
  userTypeLabel: z.string(),
  userLevel: z.number().int(),
  levelName: z.string(),
  externalUser: z.boolean(),
  allOwners: z.boolean(),
  owners: z.array(userOwner),
  chipId: z.string().nullable(),
  currentOwnerId: z.number().int().nullable(),
  ...inspectorProfile.shape,
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * Section 6: the Users admin page needs SystemAdministrator; external users never administer. A
 * SystemAdministrator with an owner list manages only the users within it (docs/security.md rule 21).
 */
export const manageUsers = { level: 'SystemAdministrator', internal: true } as const satisfies RouteAccess;
const tags = ['Account'];
const userTags = ['Users'];

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Account/GetUsers',
    summary: 'All users by email; `search` keeps those whose email or alias contains it (case-insensitive)',
    tags,
    access: manageUsers,
    query: userListQuery,
    response: userList,
  }),
  externalOfOwner: defineEndpoint({
    method: 'GET',
    path: '/Account/Users/External/:id',
    summary: 'The external (Report) users who have owner {id} among their owners',
    tags,
    access: manageUsers,
    params: idParam,
    response: userList,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/Users/:id',
    summary: 'One user, with every owner that can be granted (availableOwners)',
    tags: userTags,
    access: manageUsers,
    params: idParam,
    response: userDetail,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Users/:id',
    summary: "Save a user's level, type, owners (or all owners) and alias; access changes end the user's sessions",
    tags: userTags,
    access: manageUsers,
    invalidates: userReads,
    params: idParam,
    body: userEditBody,
    response: userDetail,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/Users/:id',
    summary: 'Delete a user (not yourself); their sessions end',
    tags: userTags,
    access: manageUsers,
    invalidates: userReads,
    params: idParam,
    status: 204,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/Account/Register',
    summary: 'Add an internal user (level None) by email; they get a mail with a single-use link to set a password',
    tags,
    access: manageUsers,
    invalidates: userReads,
    body: registerUserBody,
    response: adminUser,
    status: 201,
  }),
  setPassword: defineEndpoint({
    method: 'POST',
    path: '/Account/SetPassword',
    summary: "Set another user's password (minimum 8 characters, retyped); their sessions end",
    tags,
    access: manageUsers,
    invalidates: [],
    body: setPasswordBody,
    status: 204,
  }),
  setChip: defineEndpoint({
    method: 'POST',
    path: '/Account/SetUserChip/:userId/:chipId',
    summary: 'Give user {userId} the 16-character chip {chipId}, replacing their chip; refused when equipment or another user has it',
    tags,
    access: manageUsers,
    invalidates: userReads,
    params: userChipParams,
    response: adminUser,
  }),
  removeChip: defineEndpoint({
    method: 'POST',
    path: '/Account/:id/RemoveChip',
    summary: "Remove the user's chip; their sessions end",
    tags,
    access: manageUsers,
    invalidates: userReads,
    params: idParam,
    response: adminUser,
  }),
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/Account/UserInfo',
    summary: "The signed-in user's profile: owners with short codes, chip, level name, type label and current owner",
    tags,
    access: { level: 'None' },
    response: userInfo,
  }),
  setCurrentOwner: defineEndpoint({
    method: 'PUT',
    path: '/Account/:id/currentOwner',
    summary: "Set the signed-in user's current owner (one of their owners); {id} must be the signed-in user",
    tags,
    access: { level: 'None' },
    invalidates: ['/Account/UserInfo', 'Report', 'Reports'],
    params: idParam,
    query: currentOwnerQuery,
    response: userInfo,
  }),
  setInspectorProfile: defineEndpoint({
    method: 'PUT',
    path: '/Account/InspectorProfile',
    summary: "Save the signed-in user's inspector name, qualification and employer, prefilled when they sign an event off",
    tags,
    access: { level: 'None', internal: true },
    invalidates: ['/Account/UserInfo', 'Users', '/Account/GetUsers'],
    body: inspectorProfileBody,
    response: userInfo,
  }),
};
