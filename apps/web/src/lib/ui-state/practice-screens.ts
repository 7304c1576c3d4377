import { ROUTES } from '@pp/contract';

/** The screens of the active practice's data: each shows the panel while the practice refuses. */
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
