import { z } from 'zod';
import { USERNAME_MIN_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { messages } from './messages.ts';
import { secretText, text } from './primitives.ts';

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

const tags = ['Account'];

export const accountEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/Account/Login',
    summary: 'Sign in with email or alias and password',
    tags,
    access: { public: true },
    body: loginBody,
    response: loginResponse,
    errors: [401, 429],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/Account/Logout',
    summary: 'End this session: its token and its download links stop working',
    tags,
    access: { level: 'None' },
    status: 204,
  }),
  currentUser: defineEndpoint({
    method: 'GET',
    path: '/Account/CurrentUser',
    summary: 'The signed-in user',
    tags,
    access: { level: 'None' },
    response: currentUser,
  }),
};
