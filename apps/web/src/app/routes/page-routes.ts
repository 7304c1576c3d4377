import type { ComponentType } from 'react';
import { ROUTES, type RoutePath } from '@pp/contract';

export interface PageRoute {
  path: RoutePath;
  /** Each screen is its own chunk, loaded when its route is first opened. */
  lazy: () => Promise<{ Component: ComponentType }>;
}

const page =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** The specification's routes (§2), except the empty path that redirects to the dashboard. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: ROUTES.dashboard,
    lazy: page(
      () => import('../../features/dashboard/components/dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: ROUTES.info,
    lazy: page(
      () => import('../../features/profile/components/info-page.tsx'),
      (m) => m.InfoPage,
    ),
  },
  {
    path: ROUTES.newsletter,
    lazy: page(
      () => import('../../features/newsletter/components/newsletter-page.tsx'),
      (m) => m.NewsletterPage,
    ),
  },
  {
    path: ROUTES.unauthorized,
    lazy: page(
      () => import('./unauthorized-page.tsx'),
      (m) => m.UnauthorizedPage,
    ),
  },
  {
    path: ROUTES.verify,
    lazy: page(
      () => import('../../features/email-verification/components/verify-page.tsx'),
      (m) => m.VerifyPage,
    ),
  },
  {
    path: ROUTES.myPractice,
    lazy: page(
      () => import('../../features/practices/components/my-practice-page.tsx'),
      (m) => m.MyPracticePage,
    ),
  },
  {
    path: ROUTES.newPractice,
    lazy: page(
      () => import('../../features/practices/components/new-practice-page.tsx'),
      (m) => m.NewPracticePage,
    ),
  },
  {
    path: ROUTES.newPracticeAdd,
    lazy: page(
      () => import('../../features/practices/components/add-practice-page.tsx'),
      (m) => m.AddPracticePage,
    ),
  },
  {
    path: ROUTES.practiceInformation,
    lazy: page(
      () => import('../../features/practices/components/practice-information-page.tsx'),
      (m) => m.PracticeInformationPage,
    ),
  },
  {
    path: ROUTES.employees,
    lazy: page(
      () => import('../../features/employees/components/employees-page.tsx'),
      (m) => m.EmployeesPage,
    ),
  },
  {
    path: ROUTES.employeeAdd,
    lazy: page(
      () => import('../../features/employees/components/add-employee-page.tsx'),
      (m) => m.AddEmployeePage,
    ),
  },
  {
    path: ROUTES.employeeInformation,
    lazy: page(
      () => import('../../features/employees/components/employee-information-page.tsx'),
      (m) => m.EmployeeInformationPage,
    ),
  },
  {
    path: ROUTES.locations,
    lazy: page(
      () => import('../../features/locations/components/locations-page.tsx'),
      (m) => m.LocationsPage,
    ),
  },
  {
    path: ROUTES.locationAdd,
    lazy: page(
      () => import('../../features/locations/components/add-location-page.tsx'),
      (m) => m.AddLocationPage,
    ),
  },
  {
    path: ROUTES.locationInformation,
    lazy: page(
      () => import('../../features/locations/components/location-information-page.tsx'),
      (m) => m.LocationInformationPage,
    ),
  },
];
