import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES, type RoutePath } from '@pp/contract';

export interface PageRoute {
  path: RoutePath;
  /** Each screen is its own chunk, loaded when its route is first opened. */
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * What a screen whose code failed to load does: try again, or reload for a new build. Needed
 * only then, so not part of the first screen's code; the layout fetches it once the first
 * screen is up (`prefetchScreenRetry`), before a failure could keep it from loading.
 */
const screenRetry = () => import('../screen-loading/load-screen.ts');

export function prefetchScreenRetry(): void {
  screenRetry().catch(() => undefined);
}

/** A screen's code that fails to load is tried again, or the tab reloads for a new build. */
export const page = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(async () => {
    try {
      return { default: pick(await load()) };
    } catch (failure) {
      const { retryScreen } = await screenRetry();
      return { default: pick(await retryScreen(load, failure)) };
    }
  });

/**
 * Screens that read nothing of the startup but the customer's data: they show as soon as it
 * is there, before the rest of the startup (prohibited aliases, picklists) has answered.
 */
export const SHOWN_WITH_THE_CUSTOMER: ReadonlySet<string> = new Set([ROUTES.dashboard]);

/** The specification's routes (§2), except the empty path that redirects to the dashboard. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: ROUTES.dashboard,
    Page: page(
      () => import('../../features/dashboard/components/dashboard-page.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: ROUTES.info,
    Page: page(
      () => import('../../features/profile/components/info-page.tsx'),
      (m) => m.InfoPage,
    ),
  },
  {
    path: ROUTES.security,
    Page: page(
      () => import('../../features/security/components/security-page.tsx'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: ROUTES.newsletter,
    Page: page(
      () => import('../../features/newsletter/components/newsletter-page.tsx'),
      (m) => m.NewsletterPage,
    ),
  },
  {
    path: ROUTES.unauthorized,
    Page: page(
      () => import('./unauthorized-page.tsx'),
      (m) => m.UnauthorizedPage,
    ),
  },
  {
    path: ROUTES.verify,
    Page: page(
      () => import('../../features/email-verification/components/verify-page.tsx'),
      (m) => m.VerifyPage,
    ),
  },
  {
    path: ROUTES.myPractice,
    Page: page(
      () => import('../../features/practices/components/my-practice-page.tsx'),
      (m) => m.MyPracticePage,
    ),
  },
  {
    path: ROUTES.newPractice,
    Page: page(
      () => import('../../features/practices/components/new-practice-page.tsx'),
      (m) => m.NewPracticePage,
    ),
  },
  {
    path: ROUTES.newPracticeAdd,
    Page: page(
      () => import('../../features/practices/components/add-practice-page.tsx'),
      (m) => m.AddPracticePage,
    ),
  },
  {
    path: ROUTES.practiceInformation,
    Page: page(
      () => import('../../features/practices/components/practice-information-page.tsx'),
      (m) => m.PracticeInformationPage,
    ),
  },
  {
    path: ROUTES.employees,
    Page: page(
      () => import('../../features/employees/components/employees-page.tsx'),
      (m) => m.EmployeesPage,
    ),
  },
  {
    path: ROUTES.employeeAdd,
    Page: page(
      () => import('../../features/employees/components/add-employee-page.tsx'),
      (m) => m.AddEmployeePage,
    ),
  },
  {
    path: ROUTES.employeeInformation,
    Page: page(
      () => import('../../features/employees/components/employee-information-page.tsx'),
      (m) => m.EmployeeInformationPage,
    ),
  },
  {
    path: ROUTES.locations,
    Page: page(
      () => import('../../features/locations/components/locations-page.tsx'),
      (m) => m.LocationsPage,
    ),
  },
  {
    path: ROUTES.locationAdd,
    Page: page(
      () => import('../../features/locations/components/add-location-page.tsx'),
      (m) => m.AddLocationPage,
    ),
  },
  {
    path: ROUTES.locationInformation,
    Page: page(
      () => import('../../features/locations/components/location-information-page.tsx'),
      (m) => m.LocationInformationPage,
    ),
  },
  {
    path: ROUTES.activity,
    Page: page(
      () => import('../../features/practices/activity/components/activity-page.tsx'),
      (m) => m.ActivityPage,
    ),
  },
];
