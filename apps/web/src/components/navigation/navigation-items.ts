import { isPathAllowed, ROUTES, type PortalRole, type RoutePath } from '@pp/contract';

/** An entry of the main navigation and of the dashboard's shortcuts. */
export interface NavigationItem {
  path: RoutePath;
  /** Translation key of its label. */
  labelKey: string;
  /** Translation key of the one-line description shown with a shortcut. */
  descriptionKey: string;
}

/** The menu is data: the navigation and the shortcuts show the entries the role may open. */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { path: ROUTES.dashboard, labelKey: 'NAV.DASHBOARD', descriptionKey: 'DASHBOARD.TITLE' },
  { path: ROUTES.info, labelKey: 'NAV.INFO', descriptionKey: 'PAGES.INFO.DESCRIPTION' },
  {
    path: ROUTES.newsletter,
    labelKey: 'NAV.NEWSLETTER',
    descriptionKey: 'PAGES.NEWSLETTER.DESCRIPTION',
  },
  {
    path: ROUTES.myPractice,
    labelKey: 'NAV.MY_PRACTICE',
    descriptionKey: 'PAGES.MY_PRACTICE.DESCRIPTION',
  },
  {
    path: ROUTES.practiceInformation,
    labelKey: 'NAV.PRACTICE_INFORMATION',
    descriptionKey: 'PAGES.PRACTICE_INFORMATION.DESCRIPTION',
  },
  {
    path: ROUTES.employees,
    labelKey: 'NAV.EMPLOYEES',
    descriptionKey: 'PAGES.EMPLOYEES.DESCRIPTION',
  },
  {
    path: ROUTES.locations,
    labelKey: 'NAV.LOCATIONS',
    descriptionKey: 'PAGES.LOCATIONS.DESCRIPTION',
  },
];

export function navigationFor(role: PortalRole): NavigationItem[] {
  return NAVIGATION_ITEMS.filter((item) => isPathAllowed(item.path, role));
}
