// One person's Monday morning in the portal (monday.ts), call by call as the web app makes them:
// - sign-in: the provider's work, not the instance's (a token of the run's issuer, see monday.ts);
// - the startup (apps/web/src/app/startup/run-startup.ts), one call after another: customer data,
//   prohibited aliases, picklists; then the shell's first page of the active practice's
//   locations (root-layout.tsx); the dashboard asks for nothing more;
// - admins: the staff list's first page (employees-overview.tsx);
// - a share of the admins chosen to invite (monday-people.ts): the invite form's locations
//   (location-checkboxes.tsx, 100), the invitation, the list searched for the invitee
//   (invite-form.tsx);
// - the locations screen: the shell's page, from the web app's cache while it is under a minute
//   old (`staleTime` of get-locations.ts), else read again;
// - a share of everybody: the profile (its notices), a save of the profile form, the customer
//   data read again (update-customer-data.ts invalidates it).
// Between screens the person reads: a think time drawn between the mode's two bounds.
import http from 'node:http';
import { API_BASE, calls, portalRoleOf, type Customer } from '@pp/contract';
import { activeCompanyOf } from '../../apps/web/src/lib/ui-state/companies.ts';
import { DEFAULT_LOCATIONS_VIEW } from '../../apps/web/src/lib/ui-state/api/get-locations.ts';
import { DEFAULT_EMPLOYEES_VIEW } from '../../apps/web/src/features/employees/employees-view.ts';
import type { MondayPerson } from './monday-people.ts';
import { PROFILE_FORM } from './prepare.ts';

/** A request that has not been answered by then counts as failed. */
const TIMEOUT_MS = 10_000;
/** How long the web app takes a page of locations from its cache (get-locations.ts). */
const LOCATIONS_STALE_MS = 60_000;

export interface CallRecord {
  label: string;
  /** When the call was sent (performance.now()) and how long its answer took, to the last byte. */
  at: number;
  ms: number;
  /** The answer's status; 0 when there was none (refused connection, timeout). */
  status: number;
}

export interface VisitContext {
  /** The instance, `http://127.0.0.1:<port>`. */
  origin: string;
  /** The person's access token after signing in at the provider. */
  signIn(email: string): Promise<string>;
  record(call: CallRecord): void;
  /** A number in [0, 1) of the run's seeded sequence. */
  random(): number;
  /** Seconds a person reads a screen: between these two. */
  think: readonly [number, number];
  shares: { save: number; invite: number };
  /** True once the step is over: the person makes no further call. */
  stopped(): boolean;
  /** A number no other invitation of the run has: each invitee is a new address. */
  serial(): number;
  /** Part of every invitee's address, new each run (a kept data set keeps the invitees). */
  run: string;
}

// The portal sits behind a reverse proxy, which keeps its connections to the instance open and
// shares them between browsers: one pool of kept-alive connections here.
const agent = new http.Agent({ keepAlive: true });

function send(
  context: VisitContext,
  label: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const at = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, answer?: unknown) => {
      context.record({ label, at, ms: performance.now() - at, status });
      resolve(status >= 200 && status < 300 ? (answer ?? null) : undefined);
    };
    const request = http.request(
      `${context.origin}${API_BASE}${path}`,
      {
        method,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          'accept-language': 'de',
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          let answer: unknown;
          try {
            answer = status === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
          } catch {
            answer = null;
          }
          done(status, answer);
        });
        response.on('error', () => done(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => done(0));
    request.end(payload);
  });
}

/** The query as the web app's api client sends it: the values that are set. */
const query = (values: Record<string, string | number | undefined>) =>
  `?${new URLSearchParams(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)] as [string, string]],
    ),
  )}`;

/** One visit; it ends early when a call fails or the step is over. */
export async function visit(person: MondayPerson, context: VisitContext): Promise<void> {
  const { random, shares } = context;
  const token = await context.signIn(person.email);
  let failed = false;
  const call = async (label: string, method: string, path: string, body?: unknown) => {
    if (failed || context.stopped()) return undefined;
    const answer = await send(context, label, method, path, token, body);
    failed ||= answer === undefined;
    return answer;
  };
  const get = (label: string, path: string) => call(label, 'GET', path);
  const read = async () => {
    const [least, most] = context.think;
    const seconds = least + random() * (most - least);
    const until = performance.now() + seconds * 1000;
    // Woken every half second at most, so that a step's end stops the person soon.
    while (!context.stopped() && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(500, until - performance.now())));
    }
    return !failed && !context.stopped();
  };

  const customer = (await get('Customer/GetCustomerData', calls.customerGetCustomerData.path)) as
    Customer | undefined;
  if (!customer) return;
  await get('Utility/EmailProhibitedAlias', calls.utilityEmailProhibitedAlias.path);
  await get('Customer/GetPicklists', calls.customerGetPicklists.path);
  const company = activeCompanyOf(customer, null);
  const locationsPage =
    company &&
    `${calls.locationGetLocations.path}${query({ ...DEFAULT_LOCATIONS_VIEW, parentId: company.companyId, contactId: customer.customerId })}`;
  if (locationsPage) await get('Location/GetLocations (page of 25)', locationsPage);
  const locationsAt = performance.now();
  if (!(await read()) || !company || !locationsPage) return;

  if (portalRoleOf(company.role) === 'admin') {
    const employees = { ...DEFAULT_EMPLOYEES_VIEW, companyId: company.companyId };
    await get(
      'Employee/GetEmployees (page of 25)',
      `${calls.employeeGetEmployees.path}${query(employees)}`,
    );
    if (!(await read())) return;
    if (person.invitesIn === company.companyId && random() < shares.invite) {
      await get(
        'Location/GetLocations (100, the invite form)',
        `${calls.locationGetLocations.path}${query({ ...DEFAULT_LOCATIONS_VIEW, pageSize: 100, parentId: company.companyId, contactId: customer.customerId })}`,
      );
      if (!(await read())) return;
      const email = `monday${context.serial()}.${context.run}@bench.example.com`;
      await call('Employee/InviteEmployee', 'POST', calls.employeeInviteEmployee.path, {
        companyId: company.companyId,
        email,
        role: 'member',
        locationIds: [],
      });
      await get(
        'Employee/GetEmployees (searched for the invitee)',
        `${calls.employeeGetEmployees.path}${query({ ...employees, search: email })}`,
      );
      if (!(await read())) return;
    }
  }

  if (performance.now() - locationsAt > LOCATIONS_STALE_MS) {
    await get('Location/GetLocations (page of 25)', locationsPage);
  }
  if (!(await read())) return;

  if (random() < shares.save) {
    await get('Customer/GetNotices', calls.customerGetNotices.path);
    if (!(await read())) return;
    await call('Customer/UpdateCustomerData', 'PATCH', calls.customerUpdateCustomerData.path, {
      ...PROFILE_FORM,
      phone: `+49 30 ${String(context.serial()).padStart(7, '0')}`,
    });
    await get('Customer/GetCustomerData', calls.customerGetCustomerData.path);
  }
}
