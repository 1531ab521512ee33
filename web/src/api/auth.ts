// Current user, login, register, logout (spec 1 §7).
import type {
  ChangePassword,
  CurrentUser,
  Login,
  PasswordResetConfirm,
  PasswordResetRequest,
  Register,
} from '@teamchat/contracts';
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

/** Changing the password ends every other session of the user (this one stays signed in). */
export const changePassword = (body: ChangePassword) => apiJson<void>('POST', '/api/auth/password', body);
export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiJson<{ message: string }>('POST', '/api/auth/password-reset', body);
/** A new password with a reset link's token; every session of the account ends, so the user signs in again. */
export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiJson<void>('POST', '/api/auth/password-reset/confirm', body);

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
