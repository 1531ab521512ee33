// Current user, login, register, logout (spec 1 §7).
import {
  Routes,
  SIGNED_IN_COOKIE,
  type ChangePassword,
  type Login,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type Register,
} from '@teamchat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, routeUrl, type RouteResult } from '../lib/api-client.js';
import { getQueryFn } from '../lib/query-client.js';

export const authKeys = { user: ['/api/auth/user'] as const };

type CurrentUserAnswer = RouteResult<typeof Routes.currentUser>;

const askServer = getQueryFn<CurrentUserAnswer | null>({ on401: 'returnNull' });

/** Whether this browser holds a session cookie (the server keeps this readable marker beside the httpOnly one). */
export const hasSessionCookie = (): boolean =>
  document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_IN_COOKIE}=`));

/**
 * The signed-in user, or null when signed out: without a session cookie nobody is asked (a 401 would be logged as a
 * console error on every signed-out visit); with one, the server answers, and a 401 (an ended session) clears the
 * marker.
 */
export const authUserQuery = () =>
  queryOptions<CurrentUserAnswer | null>({
    queryKey: authKeys.user,
    queryFn: async (context) => {
      if (!hasSessionCookie()) return null;
      const user = await askServer(context);
      if (user === null) document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      return user;
    },
  });

/** Signed in without a page load: the marker the server sets on page loads is set here. */
export const markSignedIn = <T>(result: T): T => {
  document.cookie = `${SIGNED_IN_COOKIE}=1; Max-Age=${400 * 24 * 60 * 60}; Path=/; SameSite=Lax`;
  return result;
};

export const login = (body: Login) => callApi(Routes.login, { body }).then(markSignedIn);
export const register = (body: Register) => callApi(Routes.register, { body }).then(markSignedIn);

/** Changing the password ends every other session of the user (this one stays signed in). */
export const changePassword = (body: ChangePassword) => callApi(Routes.changePassword, { body });
export const requestPasswordReset = (body: PasswordResetRequest) => callApi(Routes.requestPasswordReset, { body });
/** A new password with a reset link's token; every session of the account ends, so the user signs in again. */
export const confirmPasswordReset = (body: PasswordResetConfirm) => callApi(Routes.confirmPasswordReset, { body });

/** Logout is a browser navigation (spec 2 §2 "Other navigation"): the server clears the session and redirects. */
export const logout = (): void => {
  window.location.assign(routeUrl(Routes.logout));
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
