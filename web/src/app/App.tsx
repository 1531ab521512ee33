// The routing rules of spec 1 §2: what each kind of visitor can reach.
import type { CurrentUser } from '@teamchat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { authUserQuery } from '../api/auth.js';
import { FullScreenMessage } from '../components/FullScreenMessage.js';
import { ChannelScreen } from '../features/chat/ChannelScreen.js';
import { CreateWorkspacePage } from '../features/workspace/CreateWorkspacePage.js';
import { InvitationPage } from '../features/invite/InvitationPage.js';
import { LandingPage } from '../features/landing/LandingPage.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { MainLayout } from '../features/layout/MainLayout.js';
import { HomeRedirect } from '../features/layout/HomeRedirect.js';
import { SignupPage } from '../features/signup/SignupPage.js';
import { TasksScreen } from '../features/tasks/TasksScreen.js';
import { ROUTES } from '../routes.js';

export const LOADING_TEXTS = {
  auth: 'AUTHENTICATING...',
  user: 'LOADING USER DATA...',
  channel: 'LOADING CHANNEL...',
} as const;

export const App = () => {
  const { data: user, isPending } = useQuery(authUserQuery());
  const { search } = useLocation();
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
        <Route path="*" element={<CreateWorkspacePage />} />
      </Routes>
    );
  }

  return (
    <Routes>
      <Route path={ROUTES.createWorkspace} element={<CreateWorkspacePage />} />
      <Route path={ROUTES.signup} element={<SignupPage />} />
      <Route element={<MainLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route path={ROUTES.tasks} element={<TasksScreen />} />
        <Route path={ROUTES.patterns.channel} element={<ChannelScreen />} />
        <Route path="*" element={<HomeRedirect />} />
      </Route>
    </Routes>
  );
};
