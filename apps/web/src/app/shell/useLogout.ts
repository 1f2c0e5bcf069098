/**
 * Log out (seed): sign out of the server, clear the user state and every cached query, go to
 * /login. The cached user is set to null first so the guard never sees a stale signed-in user.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/keys.ts';

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.signOut();
    } catch (error) {
      console.warn('Sign-out failed', error);
    }
    await queryClient.cancelQueries();
    queryClient.setQueryData(queryKeys.me, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    await navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
