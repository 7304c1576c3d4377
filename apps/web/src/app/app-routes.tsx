import { Navigate, Route, Routes } from 'react-router';
import { ROUTES } from '@pp/contract';
import { AccessGuard } from './access-guard.tsx';
import { RootLayout } from './root-layout.tsx';
import { page, PAGE_ROUTES } from './routes/page-routes.ts';

const NotFoundPage = page(
  () => import('./routes/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/**
 * All routes of the specification: the empty path goes to the dashboard, every screen is checked
 * against the role, and anything else is the not-found page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Navigate to={ROUTES.dashboard} replace />} />
        <Route element={<AccessGuard />}>
          {PAGE_ROUTES.map(({ path, Page }) => (
            // The specification's paths are lower case, as the access check compares them:
            // `/DASHBOARD` is not a screen of the portal, so it is not found (not refused).
            <Route key={path} path={path} caseSensitive element={<Page />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
