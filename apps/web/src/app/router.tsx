/**
 * The routes of the app, every page lazy (a chunk each, reloaded once if a deploy removed it),
 * all behind the guard layout; unknown routes redirect to /.
 *
 * React Router runs in declarative mode (<Routes>, React.lazy pages under <Suspense>): the data
 * router (createBrowserRouter) adds about 18 KB gzip to the initial bundle, which the 170 KB
 * budget (a target; no script checks it) cannot afford, and none of its loaders or actions are
 * used (TanStack Query loads data).
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { GuardLayout } from './GuardLayout.tsx';
import { lazyWithRetry } from './lazyWithRetry.ts';
import { RootLayout } from './shell/RootLayout.tsx';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(lazyWithRetry(load));

const HomePage = page(() => import('../pages/home/HomePage.tsx'));
const AccountPage = page(() => import('../pages/account/AccountPage.tsx'));
const ApplicationPage = page(() => import('../pages/application/ApplicationPage.tsx'));
const ApplicationsPage = page(() => import('../pages/applications/ApplicationsPage.tsx'));
const AuthPage = page(() => import('../pages/auth/AuthPage.tsx'));
const BannedPage = page(() => import('../pages/banned/BannedPage.tsx'));
const LoginPage = page(() => import('../pages/login/LoginPage.tsx'));
const NotFoundPage = page(() => import('../pages/not-found/NotFoundPage.tsx'));
const NotificationsPage = page(() => import('../pages/notifications/NotificationsPage.tsx'));
const PostPage = page(() => import('../pages/posts/PostPage.tsx'));
const SeriesPage = page(() => import('../pages/series/SeriesPage.tsx'));
const RegisterPage = page(() => import('../pages/register/RegisterPage.tsx'));
const ReportsPage = page(() => import('../pages/reports/ReportsPage.tsx'));
const ResetPasswordPage = page(() => import('../pages/reset-password/ResetPasswordPage.tsx'));
const SectionPage = page(() => import('../pages/sections/SectionPage.tsx'));
const StatusUpdatesPage = page(() => import('../pages/status-updates/StatusUpdatesPage.tsx'));
const TagsPage = page(() => import('../pages/tags/TagsPage.tsx'));
const UsernamePage = page(() => import('../pages/users/UsernamePage.tsx'));
const UserPage = page(() => import('../pages/users/UserPage.tsx'));
const SearchPage = page(() => import('../pages/search/SearchPage.tsx'));
const ModLogPage = page(() => import('../pages/mod-log/ModLogPage.tsx'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<GuardLayout />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/application" element={<ApplicationPage />} />
          <Route path="/applications" element={<ApplicationsPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/banned" element={<BannedPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/not-found" element={<NotFoundPage />} />
          <Route path="/notifications" element={<NotificationsPage />} />
          <Route path="/posts/:postId" element={<PostPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/sections/:section" element={<SectionPage />} />
          <Route path="/series/:seriesId" element={<SeriesPage />} />
          <Route path="/status-updates" element={<StatusUpdatesPage />} />
          <Route path="/tags" element={<TagsPage />} />
          <Route path="/users/:userId" element={<UserPage />} />
          <Route path="/u/:username" element={<UsernamePage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route path="/mod-log" element={<ModLogPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
