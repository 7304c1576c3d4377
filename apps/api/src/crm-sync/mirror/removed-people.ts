import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { CrmEntity } from '../crm-client.ts';
import { ofPersonsJoins } from './links.ts';

// People the CRM removed (docs/product.md §1, "Inactive and merged contacts"; probes H2, N1, F1,
// F2, F4 of issue 44): their address and sign-in identities are kept aside, refused at sign-in
// (`first-sign-in.ts`) until the CRM has a person with that address again, and what the outbox
// still had to send for them goes with them.

/**
 * Keeps aside the address and sign-in identities of a person whose record the CRM removed, with
 * that record's id (`crm_removed_people`): they make no new person until the CRM has a person
 * with that address again.
 */
export async function setPersonAside(tx: Executor, portalKey: string) {
  await tx.execute(sql`insert into crm_removed_people (crm_id, email)
    select l.crm_id, c.email from crm_links l join customers c on c.id = ${portalKey}::uuid
    where l.entity = 'customer' and l.portal_key = ${portalKey}
    on conflict (crm_id) do update set email = excluded.email, removed_at = now()`);
  await tx.execute(sql`insert into crm_removed_identities (issuer, subject, crm_id)
    select i.issuer, i.subject, l.crm_id from identity_links i
    join crm_links l on l.entity = 'customer' and l.portal_key = ${portalKey}
    where i.customer_id = ${portalKey}::uuid
    on conflict (issuer, subject) do update set crm_id = excluded.crm_id`);
}

/**
 * Keeps aside the address a person had under a contact merged away, when the person follows the
 * master (second probe of issue 44, F2): the master's address replaces it, and the old one, now
 * nobody's, would otherwise make a new person and a new contact at its first sign-in.
 */
export async function setAddressAside(tx: Executor, crmId: string, customerId: string) {
  await tx.execute(sql`insert into crm_removed_people (crm_id, email)
    select ${crmId}::uuid, email from customers where id = ${customerId}::uuid
    on conflict (crm_id) do update set email = excluded.email, removed_at = now()`);
}

/**
 * A person the CRM brings in or changes (the removed record active again, a new one with the
 * removed one's address, or any record of a person) gets the sign-in identities kept aside for
 * that record or for their address, and an address a person holds is never kept aside (a merge
 * of two contacts with the same address, say).
 */
export async function givePersonBack(tx: Executor, customerId: string, crmId: string) {
  await tx.execute(sql`with back as (
      delete from crm_removed_people
      where crm_id = ${crmId}::uuid
        or email = (select email from customers where id = ${customerId}::uuid)
      returning crm_id)
    insert into identity_links (issuer, subject, customer_id)
    select i.issuer, i.subject, ${customerId}::uuid from crm_removed_identities i
    where i.crm_id in (select crm_id from back)
    on conflict do nothing`);
}

/**
 * Drops the writes still on their way to the CRM for a row the CRM removed, and for the rows
 * that go with a person's (second probe of issue 44, F4): one parked after the CRM's 404 stayed
 * for good, the outbox "behind", with nothing left in the portal to put right.
 */
export async function dropPendingWrites(tx: Executor, entity: CrmEntity, portalKey: string) {
  await tx.execute(sql`delete from crm_outbox where status <> 'done' and (
      (entity = ${entity} and portal_key = ${portalKey})
      or (${entity} = 'customer' and ${ofPersonsJoins(portalKey)}))`);
}
