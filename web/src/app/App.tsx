// The routing rules of spec 1 §2: what each kind of visitor can reach.
import type { CurrentUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { authUserQuery } from '../api/auth.js';
import { FullScreenMessage } from '../components/FullScreenMessage.js';
import { CreateWorkspacePage } from '../features/workspace/CreateWorkspacePage.js';
import { InvitationPage } from '../features/invite/InvitationPage.js';
import { LandingPage } from '../features/landing/LandingPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.js';
import { HomeRedirect } from '../features/layout/HomeRedirect.js';
import { SignupPage } from '../features/signup/SignupPage.js';
import { ROUTES } from '../routes.js';

export const LOADING_TEXTS = {
  auth: 'AUTHENTICATING...',
  user: 'LOADING USER DATA...',
  channel: 'LOADING CHANNEL...',
  tasks: 'LOADING TASKS...',
  mentions: 'LOADING MENTIONS...',
} as const;

// The signed-in screens load on demand, so a visitor's first load (landing, login, signup) carries none of them.
const loadMainLayout = () => import('../features/layout/MainLayout.js');
const loadChannelScreen = () => import('../features/chat/ChannelScreen.js');
const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));
const ChannelScreen = lazy(() => loadChannelScreen().then((m) => ({ default: m.ChannelScreen })));
const TasksScreen = lazy(() => import('../features/tasks/TasksScreen.js').then((m) => ({ default: m.TasksScreen })));
const MentionsScreen = lazy(() =>
  import('../features/notifications/MentionsScreen.js').then((m) => ({ default: m.MentionsScreen })),
);

const Loading = ({ text, children }: { text: string; children: ReactNode }) => (
  <Suspense fallback={<FullScreenMessage text={text} />}>{children}</Suspense>
);

export const App = () => {
  const { data: user, isPending } = useQuery(authUserQuery());
  const { search } = useLocation();
  const signedIn = !!user?.workspaceId;
  useEffect(() => {
    // the shell and the channel screen are needed next: fetch both at once rather than one after the other
    if (signedIn) void Promise.all([loadMainLayout(), loadChannelScreen()]).catch(() => undefined);
  }, [signedIn]);
  if (isPending) return <FullScreenMessage text={LOADING_TEXTS.auth} />;
  const inviteToken = new URLSearchParams(search).get('invite');
  return <AppRoutes user={user ?? null} inviteToken={inviteToken} />;
};

/** Pure routing table, separated from data loading so it can be exercised per situation. */
export const AppRoutes = ({ user, inviteToken }: { user: CurrentUser | null; inviteToken: string | null }) => {
  if (!user) {
    if (inviteToken) return <Navigate to={ROUTES.invite(inviteToken)} replace />;
    return (
      <Routes>
        <Route path={ROUTES.patterns.invite} element={<InvitationPage />} />
        <Route path="/invite" element={<InvitationPage />} />
        <Route path={ROUTES.signup} element={<SignupPage />} />
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    );
  }

  if (!user.workspaceId) {
    if (inviteToken) return <Navigate to={ROUTES.invite(inviteToken)} replace />;
    return (
      <Routes>
        <Route path={ROUTES.signup} element={<SignupPage />} />
        <Route path={ROUTES.patterns.invite} element={<InvitationPage />} />
        <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path="*" element={<CreateWorkspacePage />} />
      </Routes>
    );
  }

  return (
    <Routes>
      <Route path={ROUTES.createWorkspace} element={<CreateWorkspacePage />} />
      <Route path={ROUTES.signup} element={<SignupPage />} />
      {/* a reset link opened in a browser signed in as someone (or no one in particular) still works */}
      <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
      <Route
        element={
          <Loading text={LOADING_TEXTS.user}>
            <MainLayout />
          </Loading>
        }
      >
        <Route index element={<HomeRedirect />} />
        <Route
          path={ROUTES.tasks}
          element={
            <Loading text={LOADING_TEXTS.tasks}>
              <TasksScreen />
            </Loading>
          }
        />
        <Route
          path={ROUTES.mentions}
          element={
            <Loading text={LOADING_TEXTS.mentions}>
              <MentionsScreen />
            </Loading>
          }
        />
        <Route
          path={ROUTES.patterns.channel}
          element={
            <Loading text={LOADING_TEXTS.channel}>
              <ChannelScreen />
            </Loading>
          }
        />
        <Route path="*" element={<HomeRedirect />} />
      </Route>
    </Routes>
  );
};
