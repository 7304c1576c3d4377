import { HttpResponse } from 'msw';
import {
  calls,
  ChangeRoleSchema,
  EmployeeLocationsSchema,
  EmployeeSchema,
  EmployeesQuerySchema,
  InviteEmployeeSchema,
  MembershipTargetSchema,
  type CallDefinition,
  type Employee,
} from '@pp/contract';
import { callName, onCall } from './call-handler.ts';
import { ANNA_ID, BEN_ID, CLARA_ID } from './demo-customers.ts';
import { demoLocations } from './fake-locations.ts';
import { problem } from './problem.ts';

export const employee = (changes: Partial<Employee>): Employee =>
  EmployeeSchema.parse({
    customerId: CLARA_ID,
    email: 'clara.wolf@example.com',
    salutation: 'FRAU',
    title: null,
    firstName: 'Clara',
    lastName: 'Wolf',
    role: 'member',
    status: 'enabled',
    locations: [],
    secondFactor: false,
    invitedAt: null,
    expiresAt: null,
    ...changes,
  });

const mitte = demoLocations[0]!;

/**
 * Sommer's people (docs/product.md §8): Anna the superadmin, Ben an admin, Clara a member at Mitte.
 */
export const demoEmployees: Employee[] = [
  employee({
    customerId: ANNA_ID,
    email: 'anna.sommer@example.com',
    title: 'DR_MED_DENT',
    firstName: 'Anna',
    lastName: 'Sommer',
    role: 'superadmin',
  }),
  employee({
    customerId: BEN_ID,
    email: 'ben.krause@example.com',
    salutation: 'HERR',
    firstName: 'Ben',
    lastName: 'Krause',
    role: 'admin',
  }),
  employee({ locations: [{ locationId: mitte.locationId, name: mitte.name }] }),
];

const nameOf = (entry: Employee) =>
  [entry.firstName, entry.lastName].filter(Boolean).join(' ') || entry.email;

const matches = (entry: Employee, search: string | undefined) =>
  !search || [nameOf(entry), entry.email].some((text) => text.toLowerCase().includes(search));

/**
 * The api's Employee calls with memory: what an action changes, the next list answers. It
 * checks no permissions (the api tests do); request bodies are kept per call.
 */
export function fakeEmployees(initial: readonly Employee[] = demoEmployees) {
  const state = {
    employees: [...initial],
    bodies: {} as Record<string, unknown[]>,
  };
  let next = 1;
  const keep = (call: CallDefinition, body: unknown) =>
    (state.bodies[callName(call)] ??= []).push(body);
  const find = (customerId: string) => state.employees.find((e) => e.customerId === customerId);
  const change = (customerId: string, changes: Partial<Employee>) => {
    state.employees = state.employees.map((e) =>
      e.customerId === customerId ? { ...e, ...changes } : e,
    );
    return find(customerId);
  };
  const targetCall = (
    call: CallDefinition,
    apply: (target: Employee) => Partial<Employee> | 'gone',
  ) =>
    onCall(call, async ({ request }) => {
      const body: unknown = await request.json();
      keep(call, body);
      const { customerId } = MembershipTargetSchema.parse(body);
      const target = find(customerId);
      if (!target) return problem(404, 'not_found');
      const changes = apply(target);
      if (changes === 'gone') {
        state.employees = state.employees.filter((e) => e.customerId !== customerId);
        return HttpResponse.json({ status: 'done' });
      }
      return HttpResponse.json(change(customerId, changes));
    });

  const handlers = [
    onCall(calls.employeeGetEmployees, ({ request }) => {
      const query = EmployeesQuerySchema.parse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      const key = (entry: Employee) => (query.sort === 'name' ? nameOf(entry) : entry[query.sort]);
      const found = state.employees
        .filter((entry) => matches(entry, query.search?.toLowerCase()))
        .filter((entry) => !query.status || entry.status === query.status)
        .sort((a, b) => key(a).localeCompare(key(b), 'de'));
      if (query.direction === 'desc') found.reverse();
      const start = (query.page - 1) * query.pageSize;
      return HttpResponse.json({
        employees: found.slice(start, start + query.pageSize),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
      });
    }),
    onCall(calls.employeeGetEmployee, ({ request }) => {
      const found = find(new URL(request.url).searchParams.get('customerId') ?? '');
      return found ? HttpResponse.json(found) : problem(404, 'not_found');
    }),
    onCall(calls.employeeInviteEmployee, async ({ request }) => {
      const body: unknown = await request.json();
      keep(calls.employeeInviteEmployee, body);
      const invite = InviteEmployeeSchema.parse(body);
      if (state.employees.some((entry) => entry.email === invite.email)) {
        return problem(409, 'already_member');
      }
      const now = new Date();
      state.employees.push(
        employee({
          customerId: `00000000-0000-4000-8000-0000000030${String(next++).padStart(2, '0')}`,
          email: invite.email,
          salutation: invite.salutation ?? null,
          title: invite.title ?? null,
          firstName: invite.firstName ?? null,
          lastName: invite.lastName ?? null,
          role: invite.role,
          status: 'invited',
          secondFactor: null,
          invitedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
        }),
      );
      return HttpResponse.json({ status: 'accepted' }, { status: 202 });
    }),
    targetCall(calls.employeeEnableEmployee, () => ({ status: 'enabled' })),
    targetCall(calls.employeeDisableEmployee, () => ({ status: 'disabled' })),
    targetCall(calls.employeeRevokeInvitation, () => 'gone'),
    targetCall(calls.employeeTransferSuperadmin, () => ({ role: 'superadmin' })),
    onCall(calls.employeeResendInvitation, async ({ request }) => {
      keep(calls.employeeResendInvitation, await request.json());
      return HttpResponse.json({ status: 'accepted' }, { status: 202 });
    }),
    onCall(calls.employeeChangeRole, async ({ request }) => {
      const body = ChangeRoleSchema.parse(await request.json());
      keep(calls.employeeChangeRole, body);
      return HttpResponse.json(change(body.customerId, { role: body.role }));
    }),
    onCall(calls.employeeSetEmployeeLocations, async ({ request }) => {
      const body = EmployeeLocationsSchema.parse(await request.json());
      keep(calls.employeeSetEmployeeLocations, body);
      const locations = demoLocations
        .filter((entry) => body.locationIds.includes(entry.locationId))
        .map(({ locationId, name }) => ({ locationId, name }));
      return HttpResponse.json(change(body.customerId, { locations }));
    }),
  ];
  return { state, handlers };
}
