import { createBrowserRouter, Navigate } from 'react-router';
import { ROUTES } from '@pp/contract';
import { AccessGuard } from './access-guard.tsx';
import { RootLayout } from './root-layout.tsx';
import { PAGE_ROUTES } from './routes/page-routes.ts';

/**
 * All routes of the specification: the empty path goes to the dashboard, every screen is checked
 * against the role, and anything else is the not-found page.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      // The spinner shows while the first screen's chunk loads.
      HydrateFallback: () => null,
      children: [
        { index: true, element: <Navigate to={ROUTES.dashboard} replace /> },
        {
          element: <AccessGuard />,
          children: PAGE_ROUTES.map(({ path, lazy }) => ({ path, lazy })),
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await import('./routes/not-found-page.tsx')).NotFoundPage,
          }),
        },
      ],
    },
  ]);
}
