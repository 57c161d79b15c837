import { z } from 'zod';
import { USERNAME_MIN_LENGTH } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { firstRouteCalls } from '../../first-route.ts';
import { messages } from '../../messages.ts';
import { idField, SINGLE_LINE_TEXT, secretText, text } from '../../primitives.ts';
import { newPasswordRule, PASSWORD_MAX, userMessages } from '../users/endpoints.ts';

export const USERNAME_MAX = 320;
export const PASSWORD_INPUT_MAX = 1024;

export const loginBody = z
  .object({
    username: text({ field: 'Username', max: USERNAME_MAX, required: true }),
    password: secretText('Password', PASSWORD_INPUT_MAX).min(1, messages.required('Password')),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ token: z.string(), userName: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const currentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  userType: z.number().int(),
  userLevel: z.number().int(),
  allOwners: z.boolean(),
  owners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  chipId: z.string().nullable(),
  alias: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const usernameRule = z.string().trim().min(USERNAME_MIN_LENGTH, messages.usernameTooShort);

/** POST /Account/ForgotPassword: a username (alias) or email of at least 3 characters. */
export const forgotPasswordBody = z.strictObject({
  username: z
    .string({ error: messages.usernameTooShort })
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameTooShort)
    .max(USERNAME_MAX, messages.maxLength('Username', USERNAME_MAX))
    .regex(SINGLE_LINE_TEXT, messages.usernameTooShort),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export const forgotPasswordResponse = z.object({ message: z.string() });

const retyped = <T extends { newPassword: string; confirmPassword: string }>(body: T) => body.newPassword === body.confirmPassword;
const retypeIssue = { message: userMessages.passwordsDiffer, path: ['confirmPassword'] };

/** POST /Account/ResetPassword: the link's user and code and the new password, retyped. */
export const resetPasswordBody = z
  .strictObject({
    userId: idField('User'),
    code: secretText('Code', 200).min(1, messages.required('Code')),
    newPassword: newPasswordRule,
    confirmPassword: secretText('Retype password', PASSWORD_MAX),
  })
  .refine(retyped, retypeIssue);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /Account/ChangePassword: the old password and the new one, retyped. */
export const changePasswordBody = z
  .strictObject({
    oldPassword: secretText('Old password', PASSWORD_MAX).min(1, messages.required('Old password')),
    newPassword: newPasswordRule,
    confirmPassword: secretText('Retype password', PASSWORD_MAX),
  })
  .refine(retyped, retypeIssue);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

const tags = ['Account'];

export const accountEndpoints = {
  login: defineEndpoint({
    ...firstRouteCalls.login,
    summary: 'Sign in with email or alias and password',
    tags,
    body: loginBody,
    response: loginResponse,
    errors: [401, 429],
  }),
  logout: defineEndpoint({
    ...firstRouteCalls.logout,
    summary: 'End this session: its token and its download links stop working',
    tags,
    status: 204,
  }),
  currentUser: defineEndpoint({
    ...firstRouteCalls.currentUser,
    summary: 'The signed-in user',
    tags,
    response: currentUser,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/Account/ForgotPassword',
    summary: 'Mail a one-hour reset link to the user with this email or alias; the answer is the same whether or not there is one',
    tags,
    access: { public: true },
    invalidates: [],
    body: forgotPasswordBody,
    response: forgotPasswordResponse,
    errors: [429],
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/Account/ResetPassword',
    summary: "Set a new password with a mailed link's user id and code (single use); the user's sessions end",
    tags,
    access: { public: true },
    invalidates: [],
    body: resetPasswordBody,
    status: 204,
    errors: [429],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/Account/ChangePassword',
    summary: "Change the signed-in user's password (old, new, retyped); their other sessions end",
    tags,
    access: { level: 'None' },
    invalidates: [],
    body: changePasswordBody,
    status: 204,
    errors: [429],
  }),
};
