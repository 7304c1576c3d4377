// The reads' statements of the bare reference (reference-server.ts), as PostgreSQL's statement
// log shows the portal sending them (captured 2026-11-29 after issue 46's changes of the customer
// data, the employees and locations pages and the activity log's people): the same text, the
// same numbering of parameters. Capture them again when a call's queries change in the api.
import { ACTIVITY_KIND_NAMES, ACTIVITY_KINDS } from '@pp/contract';

/** `count` placeholders from `$first` on, as drizzle writes an `in` list. */
export const inList = (count: number, first = 1) =>
  Array.from({ length: count }, (_, index) => `$${first + index}`).join(', ');

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
const LOCATIONS_ORDER = `order by name_sort_key("locations"."name") collate "C" asc, "locations"."name" collate "C" asc, "locations"."id" asc`;
/** A page of locations: its ids by the sort keys first, then those rows (issue 46). $1–$3. */
export const LOCATIONS_PAGE = `select "id", "company_id", "name", "street", "postal_code", "city", "country", "phone_number", "invoice_mail", "status", "created_at", "updated_at" from "locations" where "locations"."id" in (select "id" from "locations" where "locations"."company_id" = $1 ${LOCATIONS_ORDER} limit $2 offset $3) ${LOCATIONS_ORDER}`;
/** The locations assigned to the contact: $1 the contact, $2 the practice. */
export const LOCATIONS_ASSOCIATED = `select ${LOCATION_COLUMNS} from "location_assignments" inner join "locations" on "locations"."id" = "location_assignments"."location_id" where ("location_assignments"."customer_id" = $1 and "location_assignments"."company_id" = $2) ${LOCATIONS_ORDER}`;
export const LOCATIONS_COUNT = `select count(*) from "locations" where "locations"."company_id" = $1`;

const EMPLOYEES_ORDER = `order by "memberships"."shown_name" collate "C" asc, "memberships"."shown_email" asc, "memberships"."customer_id" asc`;
/**
 * A page of people: its ids from the memberships' sort index first, then those joined (issue 46).
 * $1 and $2 the practice, $3 and $4 limit and offset. Its columns: [0] id, [2] status, [3] address.
 */
export const EMPLOYEES_PAGE = `select "memberships"."customer_id", "memberships"."role", "memberships"."status", "customers"."email", "customers"."salutation", "customers"."title", "customers"."first_name", "customers"."last_name", "invitations"."email", "invitations"."typed", "invitations"."created_at", "invitations"."expires_at" from "memberships" inner join "customers" on "customers"."id" = "memberships"."customer_id" left join "invitations" on ("invitations"."company_id" = "memberships"."company_id" and "invitations"."customer_id" = "memberships"."customer_id" and "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."revoked_at" is null) where ("memberships"."company_id" = $1 and "memberships"."customer_id" in (select "customer_id" from "memberships" where "memberships"."company_id" = $2 ${EMPLOYEES_ORDER} limit $3 offset $4)) ${EMPLOYEES_ORDER}`;
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
export const LOG_COUNT = `select count(*) ${LOG_SELECTED}`;
/** A page of the log, newest first: the practice, the actions, limit and offset. */
export const LOG_PAGE = `select "id", "at", "actor_customer_id", "action", "entity", "entity_id", "company_id", "data" ${LOG_SELECTED} order by "audit_log"."at" desc, "audit_log"."id" desc limit $${AFTER_ACTIONS} offset $${AFTER_ACTIONS + 1}`;
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
