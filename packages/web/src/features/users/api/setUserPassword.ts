import type { SetPasswordBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const postSetPassword = (body: SetPasswordBody) => api.post<void>('/Account/SetPassword', body);

/** A SystemAdministrator sets a user's password (POST /Account/SetPassword); the dialog shows failures. */
export const useSetUserPassword = () => useMutation({ meta: { toastErrors: false }, mutationFn: postSetPassword });
