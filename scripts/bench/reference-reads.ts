// The reads' statements of the bare reference (reference-server.ts), as PostgreSQL's statement
// log shows the portal sending them (captured 2026-11-29 after issue 46's changes of the customer
// data, the employees and locations pages and the activity log's people): the same text, the
// same numbering of parameters. Capture them again when a call's queries change in the api.
import { ACTIVITY_KIND_NAMES, ACTIVITY_KINDS } from '@pp/contract';

/** `count` placeholders from `$first` on, as drizzle writes an `in` list. */
export const inList = (count: number, first = 1) =>
  Array.from({ length: count }, (_, index) => `$${first + index}`).join(', ');

/** The caller by the token's issuer and subject: every authenticated call's first statement. */
export const LINKED_CUSTOMER = {
  name: 'pp_linked_customer',
  text: `select "customers"."id", "customers"."email", "customers"."salutation", "customers"."title", "customers"."first_name", "customers"."last_name", "customers"."phone", "customers"."position", "customers"."profession", "customers"."other_industry", "customers"."date_of_birth", "customers"."preferred_language", "customers"."primary_company_id", "customers"."invitation_only", "customers"."created_at", "customers"."updated_at" from "identity_links" inner join "customers" on "customers"."id" = "identity_links"."customer_id" where ("identity_links"."issuer" = $1 and "identity_links"."subject" = $2)`,
};
/** The caller's enabled membership of a practice: $1 the caller, $2 the practice, $3 'enabled'. */
export const ENABLED_MEMBERSHIP = {
  name: 'pp_enabled_membership',
  text: `select "memberships"."role", "companies"."status", "companies"."name", "companies"."requires_second_factor" from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where ("memberships"."customer_id" = $1 and "memberships"."company_id" = $2 and "memberships"."status" = $3)`,
};

/**
 * The caller's practices, as `GetCustomerData` and a profile save answer them (2026-11-27: without
 * requests; 2026-11-29, issue 46: whether a practice has other members, an `exists`): $1 and $2
 * the caller, $3 'requested'.
 */
export const COMPANY_VMS = `select "companies"."id", "companies"."customer_number", "companies"."name", "companies"."postal_code", "companies"."city", "companies"."status", "memberships"."role", "memberships"."status", exists (select 1 from "memberships" as m
        where m.company_id = "memberships"."company_id" and m.customer_id <> $1
        and m.status in ('enabled', 'disabled')) from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where ("memberships"."customer_id" = $2 and "memberships"."status" <> $3 and not exists (select 1 from "connect_requests" r
          where r.customer_id = "memberships"."customer_id" and r.company_id = "memberships"."company_id")) order by "companies"."name" asc`;

export const LOCATION_COLUMNS = `"locations"."id", "locations"."company_id", "locations"."name", "locations"."street", "locations"."postal_code", "locations"."city", "locations"."country", "locations"."phone_number", "locations"."invoice_mail", "locations"."status", "locations"."created_at", "locations"."updated_at"`;
/** The sorts of the locations' page, each with its keys (`locations/list.ts`), the id last. */
const LOCATION_SORTS: Record<string, string[]> = {
  name: [`name_sort_key("locations"."name") collate "C"`, `"locations"."name" collate "C"`],
  city: [
    `name_sort_key("locations"."city") collate "C"`,
    `name_sort_key("locations"."name") collate "C"`,
    `"locations"."name" collate "C"`,
  ],
  postalCode: [`"locations"."postal_code"`],
};
/** An order by `keys` and then `tie`, each in `direction`, as drizzle writes it. */
const orderBy = (keys: string[], direction: string) =>
  `order by ${keys.map((key) => `${key} ${direction === 'desc' ? 'desc' : 'asc'}`).join(', ')}`;
const locationsOrder = (sort = 'name', direction = 'asc') =>
  orderBy([...(LOCATION_SORTS[sort] ?? LOCATION_SORTS['name']!), `"locations"."id"`], direction);
const LOCATIONS_ORDER = locationsOrder();
/** A page of locations: its ids by the sort keys first, then those rows (issue 46). $1–$3. */
export const locationsPage = (sort?: string, direction?: string) =>
  `select "id", "company_id", "name", "street", "postal_code", "city", "country", "phone_number", "invoice_mail", "status", "created_at", "updated_at" from "locations" where "locations"."id" in (select "id" from "locations" where "locations"."company_id" = $1 ${locationsOrder(sort, direction)} limit $2 offset $3) ${locationsOrder(sort, direction)}`;
export const LOCATIONS_PAGE = locationsPage();
/** The locations assigned to the contact: $1 the contact, $2 the practice. */
export const LOCATIONS_ASSOCIATED = `select ${LOCATION_COLUMNS} from "location_assignments" inner join "locations" on "locations"."id" = "location_assignments"."location_id" where ("location_assignments"."customer_id" = $1 and "location_assignments"."company_id" = $2) ${LOCATIONS_ORDER}`;
export const LOCATIONS_COUNT = `select count(*) from "locations" where "locations"."company_id" = $1`;

/** The sorts of the people's page (`employees/view.ts`): ties by address, then the person. */
const EMPLOYEE_SORTS: Record<string, string> = {
  name: `"memberships"."shown_name" collate "C"`,
  email: `"memberships"."shown_email"`,
  role: `array_position(array['superadmin', 'admin', 'member'], "memberships"."role")`,
  status: `array_position(array['requested', 'invited', 'enabled', 'disabled'], "memberships"."status")`,
};
const employeesOrder = (sort = 'name', direction = 'asc') =>
  orderBy(
    [
      EMPLOYEE_SORTS[sort] ?? EMPLOYEE_SORTS['name']!,
      ...(sort === 'email' ? [] : [`"memberships"."shown_email"`]),
      `"memberships"."customer_id"`,
    ],
    direction,
  );
/**
 * A page of people: its ids from the memberships' sort index first, then those joined (issue 46).
 * $1 and $2 the practice, $3 and $4 limit and offset. Its columns: [0] id, [2] status, [3] address.
 */
export const employeesPage = (sort?: string, direction?: string) =>
  `select "memberships"."customer_id", "memberships"."role", "memberships"."status", "customers"."email", "customers"."salutation", "customers"."title", "customers"."first_name", "customers"."last_name", "invitations"."email", "invitations"."typed", "invitations"."created_at", "invitations"."expires_at" from "memberships" inner join "customers" on "customers"."id" = "memberships"."customer_id" left join "invitations" on ("invitations"."company_id" = "memberships"."company_id" and "invitations"."customer_id" = "memberships"."customer_id" and "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."revoked_at" is null) where ("memberships"."company_id" = $1 and "memberships"."customer_id" in (select "customer_id" from "memberships" where "memberships"."company_id" = $2 ${employeesOrder(sort, direction)} limit $3 offset $4)) ${employeesOrder(sort, direction)}`;
export const EMPLOYEES_PAGE = employeesPage();
/** The page's people's locations: $1 the practice, then `count` people. */
export const employeesAssigned = (count: number) =>
  `select "location_assignments"."customer_id", "locations"."id", "locations"."name" from "location_assignments" inner join "locations" on "locations"."id" = "location_assignments"."location_id" where ("location_assignments"."company_id" = $1 and "location_assignments"."customer_id" in (${inList(count, 2)})) order by "locations"."name" asc`;
/** The second factors of the embedded provider's accounts (`@pp/idp`), by `count` addresses. */
export const secondFactors = (count: number) =>
  `select "idp_accounts"."email", "idp_totp"."confirmed_at", exists (select 1 from "idp_passkeys" where "idp_passkeys"."account_id" = "idp_accounts"."id") from "idp_accounts" left join "idp_totp" on "idp_totp"."account_id" = "idp_accounts"."id" where "idp_accounts"."email" in (${inList(count)})`;
export const EMPLOYEES_COUNT = `select count(*) from "memberships" where "memberships"."company_id" = $1`;

/** The actions the activity log shows, in the portal's order (`activity-log.ts`): $2 on. */
export const LOG_ACTIONS = ACTIVITY_KIND_NAMES.flatMap((kind) => [...ACTIVITY_KINDS[kind]]);
const LOG_SELECTED = `from "audit_log" where ("audit_log"."company_id" = $1 and "audit_log"."action" in (${inList(LOG_ACTIONS.length, 2)}))`;
const AFTER_ACTIONS = LOG_ACTIONS.length + 2;

/** The filters of the log (`ActivityFilters`), as the query string names them. */
export interface LogFilters {
  customerId?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The entries the filters select (`selecting` in `activity-log.ts`): the statement's `from … where`
 * and its values, the practice first; `next` the number of the parameter after them.
 */
export function logSelected(companyId: string, filters: LogFilters) {
  const actions = filters.kind
    ? [...(ACTIVITY_KINDS[filters.kind as keyof typeof ACTIVITY_KINDS] ?? [])]
    : LOG_ACTIONS;
  const values: unknown[] = [companyId, ...actions];
  const parts = [
    `"audit_log"."company_id" = $1`,
    `"audit_log"."action" in (${inList(actions.length, 2)})`,
  ];
  if (filters.customerId) {
    const n = values.length + 1;
    parts.push(
      `("audit_log"."actor_customer_id" = $${n} or ("audit_log"."entity" = $${n + 1} and "audit_log"."entity_id" = $${n + 2}))`,
    );
    values.push(filters.customerId, 'membership', filters.customerId);
  }
  if (filters.from) {
    values.push(filters.from);
    parts.push(
      `"audit_log"."at" >= ($${values.length}::date::timestamp at time zone 'Europe/Berlin')`,
    );
  }
  if (filters.to) {
    values.push(filters.to);
    parts.push(
      `"audit_log"."at" < (($${values.length}::date + 1)::timestamp at time zone 'Europe/Berlin')`,
    );
  }
  return { from: `from "audit_log" where (${parts.join(' and ')})`, values };
}

export const LOG_COUNT = `select count(*) ${LOG_SELECTED}`;
/** The count of the filtered entries: `logSelected`'s values. */
export const logCount = (selected: { from: string }) => `select count(*) ${selected.from}`;
/**
 * A page of the log, newest first: `logSelected`'s values, then limit and (past the first page,
 * drizzle writes none for 0) offset.
 */
export const logPage = (selected: { from: string; values: unknown[] }, offset: number) => {
  const n = selected.values.length + 1;
  return `select "id", "at", "actor_customer_id", "action", "entity", "entity_id", "company_id", "data" ${selected.from} order by "audit_log"."at" desc, "audit_log"."id" desc limit $${n}${offset > 0 ? ` offset $${n + 1}` : ''}`;
};
/** A page of the log without filters: the practice, the actions, limit and offset. */
export const LOG_PAGE = `select "id", "at", "actor_customer_id", "action", "entity", "entity_id", "company_id", "data" ${LOG_SELECTED} order by "audit_log"."at" desc, "audit_log"."id" desc limit $${AFTER_ACTIONS} offset $${AFTER_ACTIONS + 1}`;
/** The names of the locations the entries name: $1 the practice, then `count` locations. */
export const locationNamesOf = (count: number) =>
  `select "id", "name" from "locations" where ("locations"."company_id" = $1 and "locations"."id" in (${inList(count, 2)}))`;
/**
 * The person filter's people (`peopleOfLog`, with its line breaks): the practice, the actions,
 * how many newest entries (1,000) and how many people (100), issue 46.
 */
export const LOG_PEOPLE = `
    with newest as (
      select "audit_log"."actor_customer_id" as actor_customer_id, "audit_log"."entity" as entity,
             "audit_log"."entity_id" as entity_id, "audit_log"."at" as at
        from "audit_log"
       where "audit_log"."company_id" = $1 and "audit_log"."action" in (${inList(LOG_ACTIONS.length, 2)})
       order by "audit_log"."at" desc, "audit_log"."id" desc
       limit $${AFTER_ACTIONS}
    )
    select person from (
      select actor_customer_id::text as person, at from newest where actor_customer_id is not null
      union all
      select entity_id as person, at from newest
       where entity = 'membership' and entity_id is not null
    ) named
    group by person order by max(at) desc limit $${AFTER_ACTIONS + 1}`;
/** People's names by `count` ids (`activity-people.ts`). */
export const namesOf = (count: number) =>
  `select "id", "first_name", "last_name", "email" from "customers" where "customers"."id" in (${inList(count)})`;

/** The people an entry names, once each: who acted and the member acted on (`personIdsOf`). */
export const personIdsOf = (
  rows: { actor_customer_id: string | null; entity: string; entity_id: string | null }[],
) => [
  ...new Set(
    rows.flatMap((row) => [
      ...(row.actor_customer_id ? [row.actor_customer_id] : []),
      ...(row.entity === 'membership' && row.entity_id ? [row.entity_id] : []),
    ]),
  ),
];
