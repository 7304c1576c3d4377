import type { z } from 'zod';
import { EMPLOYEE_SORT_FIELDS, EmployeesQuerySchema } from '@pp/contract';
import { listView, sortOptions } from '../../lib/lists/list-view.ts';

const EmployeesViewSchema = EmployeesQuerySchema.omit({ companyId: true });

/** What a page of the employee list shows: the call's paging, sorting, search and filter. */
export type EmployeesView = z.output<typeof EmployeesViewSchema>;

/** The list's view in the URL (`?status=invited&sort=email&page=2`). */
export const EMPLOYEES_VIEW = listView(EmployeesViewSchema);

export const DEFAULT_EMPLOYEES_VIEW = EMPLOYEES_VIEW.defaults;
export const readEmployeesView = EMPLOYEES_VIEW.read;
export const employeesViewParams = EMPLOYEES_VIEW.params;

export const SORT_OPTIONS = sortOptions(EMPLOYEE_SORT_FIELDS);
