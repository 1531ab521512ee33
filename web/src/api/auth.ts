// Current user, login, register, logout (spec 1 §7).
import type { CurrentUser, Login, Register } from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../lib/query-client.js';
import { apiJson } from '../lib/request.js';

export const authKeys = { user: ['/api/auth/user'] as const };

/** The signed-in user, or null when the server answers 401 (signed out). */
export const authUserQuery = () =>
  queryOptions<CurrentUser | null>({
    queryKey: authKeys.user,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  });

export const login = (body: Login) => apiJson<CurrentUser>('POST', '/api/login', body);
export const register = (body: Register) => apiJson<CurrentUser>('POST', '/api/register', body);

/** Logout is a browser navigation (spec 2 §2 "Other navigation"): the server clears the session and redirects. */
export const logout = (): void => {
  window.location.assign('/api/logout');
};

export const useLogin = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: authKeys.user });
    },
  });
};

export const useRegister = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: authKeys.user });
    },
  });
};
