import { z } from 'zod';
import { USERNAME_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

export const loginBody = z
  .object({
    username: z
      .string({ error: messages.required('Username') })
      .trim()
      .min(1, messages.required('Username'))
      .max(320, messages.maxLength('Username', 320)),
    password: z
      .string({ error: messages.required('Password') })
      .min(1, messages.required('Password'))
      .max(1024, messages.maxLength('Password', 1024)),
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
