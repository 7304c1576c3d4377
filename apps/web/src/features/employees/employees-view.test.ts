import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMPLOYEES_VIEW,
  employeesViewParams,
  readEmployeesView,
} from './employees-view.ts';

const read = (query: string) => readEmployeesView(new URLSearchParams(query));

describe('the employee list’s view in the URL', () => {
  it('reads search, status, sort, direction, page and page size', () => {
    expect(
      read('search=+wolf+&status=invited&sort=email&direction=desc&page=3&pageSize=50'),
    ).toEqual({
      search: 'wolf',
      status: 'invited',
      sort: 'email',
      direction: 'desc',
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the defaults for values the api would refuse', () => {
    expect(read('status=gone&sort=city&direction=up&page=0&pageSize=7')).toEqual(
      DEFAULT_EMPLOYEES_VIEW,
    );
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    expect(employeesViewParams(DEFAULT_EMPLOYEES_VIEW).toString()).toBe('');
    expect(
      employeesViewParams({ ...DEFAULT_EMPLOYEES_VIEW, status: 'requested', page: 2 }).toString(),
    ).toBe('status=requested&page=2');
  });
});
