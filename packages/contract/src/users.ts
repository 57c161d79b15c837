/**
 * User administration (spec section 2 "/Admin/Users", section 3 "User (admin)", section 7 "Account"
 * user calls and "Users"), plus the signed-in user's own profile and current owner choice.
 */
import { z } from 'zod';
import { audit } from './common.ts';
import { PASSWORD_MIN_LENGTH, SCAN_CODE_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { UserLevel, UserType } from './permissions.ts';

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
  higherLevelUser: 'You cannot change a user with a higher level than your own',
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
  ...audit,
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET/PUT /Users/{id}: the user plus every owner the editor can grant. */
export const userDetail = adminUser.extend({ availableOwners: z.array(userOwner) });
export type UserDetail = z.infer<typeof userDetail>;

/** GET /Account/GetUsers?search: matches email or alias, case-insensitive substring. */
export const userListQuery = z.object({ search: z.string().trim().max(EMAIL_MAX, messages.maxLength('Search', EMAIL_MAX)).optional() });
export type UserListQuery = z.infer<typeof userListQuery>;

export const userList = z.array(adminUser);

/** POST /Account/Register: any malformed address gets the spec's one message. */
export const registerUserBody = z.strictObject({
  email: z
    .string({ error: messages.couldNotAddUser })
    .trim()
    .max(EMAIL_MAX, messages.couldNotAddUser)
    .regex(EMAIL_PATTERN, messages.couldNotAddUser),
});
export type RegisterUserBody = z.input<typeof registerUserBody>;

const levelValues = Object.values(UserLevel);
const typeValues = Object.values(UserType);

/**
 * PUT /Users/{id}: the editable fields only (email, chip and password have their own calls).
 * With allOwners on, the owners list is not kept.
 */
export const userEditBody = z.strictObject({
  userLevel: z
    .number({ error: messages.required('Level') })
    .int(messages.mustBeInteger)
    .refine((value) => (levelValues as number[]).includes(value), `Level must be one of ${levelValues.join(', ')}`),
  userType: z
    .number({ error: messages.required('User type') })
    .int(messages.mustBeInteger)
    .refine((value) => (typeValues as number[]).includes(value), `User type must be one of ${typeValues.join(', ')}`),
  allOwners: z.boolean({ error: messages.required('All owners') }),
  owners: z.array(z.number().int(messages.mustBeInteger).positive(), { error: messages.required('Owners') }).max(1000),
  alias: z
    .string()
    .trim()
    .max(ALIAS_MAX, messages.maxLength('Alias', ALIAS_MAX))
    .refine((value) => value === '' || value.length >= ALIAS_MIN, messages.minLength('Alias', ALIAS_MIN - 1))
    .nullable()
    .transform((value) => value || null),
});
export type UserEditBody = z.input<typeof userEditBody>;
export type UserEdit = z.output<typeof userEditBody>;

/** POST /Account/SetUserChip/{userId}/{chipId} (the spec's {a}/{b}). */
export const userChipParams = z.object({
  userId: z.coerce.number().int().positive(),
  chipId: z.string().regex(CHIP_CODE_PATTERN, userMessages.chipCode),
});

/** The password rules of the reset and change screens: minimum 8 characters, retyped equal. */
export const newPasswordRule = z
  .string({ error: messages.required('New password') })
  .min(PASSWORD_MIN_LENGTH, messages.minLength('New password', PASSWORD_MIN_LENGTH - 1))
  .max(PASSWORD_MAX, messages.maxLength('New password', PASSWORD_MAX));

/** POST /Account/SetPassword: a SystemAdministrator sets another user's password. */
export const setPasswordBody = z
  .strictObject({
    userId: z
      .number({ error: messages.required('User') })
      .int(messages.mustBeInteger)
      .positive(),
    newPassword: newPasswordRule,
    confirmPassword: z.string({ error: messages.required('Retype password') }).max(PASSWORD_MAX),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: userMessages.passwordsDiffer, path: ['confirmPassword'] });
export type SetPasswordBody = z.input<typeof setPasswordBody>;

/** PUT /Account/{id}/currentOwner?ownerId. */
export const currentOwnerQuery = z.object({
  ownerId: z.coerce
    .number({ error: messages.required('Owner') })
    .int()
    .positive(),
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
});
export type UserInfo = z.infer<typeof userInfo>;
