import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { customers, memberships } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useSyncedCrm } from '../support/crm.ts';

// Outside probe of main, M2: a membership naming an inactive contact is reported as waiting for
// it (docs/product.md §1) at GET /operator/crm, with a plain reason and once; when the contact
// is active again, the person comes back with the membership.

const guid = (n: number) => `4848${String(n).padStart(4, '0')}-0000-4000-8000-000000000048`;

describe('memberships of inactive contacts', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const reportedAt = async (crmId: string) =>
    (
      (
        await crm.app.inject({
          url: '/operator/crm',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
      ).json() as { reported: { crmId: string; entity: string; reason: string }[] }
    ).reported.filter((r) => r.crmId === crmId);
  const fullRead = () => db().execute(`update crm_sync_state set token = null`);

  it('reports a new membership naming an inactive contact, once', async () => {
    const contact = guid(1);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Ruhend',
      emailaddress1: 'ruhend.1@example.com',
      statecode: 1,
    });
    crm.standIn.edit('pp_memberships', guid(2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await round()).reported).toBe(1);
    expect(await reportedAt(guid(2))).toEqual([
      expect.objectContaining({
        entity: 'membership',
        reason: `the CRM's customer ${contact} is not in the portal yet`,
      }),
    ]);
    await fullRead();
    expect((await round()).reported).toBe(0);
    expect(await reportedAt(guid(2))).toHaveLength(1);
  });

  it('reports the membership of a person whose contact is deactivated, and takes both back', async () => {
    const contact = guid(11);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Zurück',
      emailaddress1: 'zurueck.11@example.com',
      _parentcustomerid_value: guid(19),
    });
    crm.standIn.edit('pp_memberships', guid(12), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await round()).reported).toBe(0);
    expect(await person(contact)).toBeDefined();
    crm.standIn.edit('contacts', contact, { statecode: 1 });
    expect((await round()).reported).toBe(1);
    expect(await person(contact)).toBeUndefined();
    expect(await reportedAt(guid(12))).toEqual([
      expect.objectContaining({
        entity: 'membership',
        reason: `the CRM's customer ${contact} is not in the portal yet`,
      }),
    ]);
    await fullRead();
    expect((await round()).reported).toBe(0);
    // Active again: the person and the membership come back, nothing is reported.
    crm.standIn.edit('contacts', contact, { statecode: 0 });
    await round();
    expect(await person(contact)).toBeDefined();
    const kept = await db().select().from(memberships).where(eq(memberships.customerId, contact));
    expect(kept).toHaveLength(1);
    expect(await reportedAt(guid(12))).toEqual([]);
    expect(await reportedAt(contact)).toEqual([]);
  });
});
