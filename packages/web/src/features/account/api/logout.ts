import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api/client.ts';
import { endSession } from '../../../lib/session.ts';

export const postLogout = () => api.post<void>('/Account/Logout');

/** Ends the session on the server, then locally whatever the server said, and returns to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta: { toastErrors: false },
    mutationFn: () => postLogout(),
    onSettled: () => {
      endSession();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
