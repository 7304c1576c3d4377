import { ROUTES } from '@pp/contract';

/**
 * The screens of the active practice's data. While the practice refuses for a missing second
 * factor (decision 0069), each shows the panel that says why, and the dashboard marks their
 * shortcuts.
 */
export const PRACTICE_SCREENS: ReadonlySet<string> = new Set([
  ROUTES.practiceInformation,
  ROUTES.employees,
  ROUTES.employeeAdd,
  ROUTES.employeeInformation,
  ROUTES.locations,
  ROUTES.locationAdd,
  ROUTES.locationInformation,
  ROUTES.activity,
]);
