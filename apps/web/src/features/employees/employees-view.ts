import { EMPLOYEE_SORT_FIELDS, MEMBERSHIP_STATUSES, PAGE_SIZES } from '@pp/contract';

/** What a page of the employee list shows: the call's paging, sorting, search and filter. */
export interface EmployeesView {
  page: number;
  pageSize: (typeof PAGE_SIZES)[number];
  sort: (typeof EMPLOYEE_SORT_FIELDS)[number];
  direction: 'asc' | 'desc';
  /** Empty: no search. */
  search: string;
  /** Empty: every status. */
  status: (typeof MEMBERSHIP_STATUSES)[number] | '';
}

export const DEFAULT_EMPLOYEES_VIEW: EmployeesView = {
  page: 1,
  pageSize: 25,
  sort: 'name',
  direction: 'asc',
  search: '',
  status: '',
};

// The list's view lives in the URL (`?status=invited&sort=email&page=2`), like the locations
// list: a reload, the back button or a shared link show the same page. Values the api would
// refuse fall back to the defaults.

const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown, fallback: T) =>
  allowed.find((candidate) => candidate === value) ?? fallback;

export function readEmployeesView(params: URLSearchParams): EmployeesView {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: oneOf(PAGE_SIZES, Number(params.get('pageSize')), DEFAULT_EMPLOYEES_VIEW.pageSize),
    sort: oneOf(EMPLOYEE_SORT_FIELDS, params.get('sort'), DEFAULT_EMPLOYEES_VIEW.sort),
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: oneOf<EmployeesView['status']>(MEMBERSHIP_STATUSES, params.get('status'), ''),
  };
}

/** The URL's query for a view: only what differs from the defaults. */
export function employeesViewParams(view: EmployeesView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['search', 'status', 'sort', 'direction', 'page', 'pageSize'] as const) {
    if (view[key] !== DEFAULT_EMPLOYEES_VIEW[key]) params.set(key, String(view[key]));
  }
  return params;
}

/** The sort select's entries: a field and a direction in one value (`email-desc`). */
export const SORT_OPTIONS = EMPLOYEE_SORT_FIELDS.flatMap((field) =>
  (['asc', 'desc'] as const).map((direction) => ({
    field,
    direction,
    value: `${field}-${direction}`,
  })),
);
