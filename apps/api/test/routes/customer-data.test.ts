import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerSchema, CompanyVmSchema, type Customer } from '@pp/contract';
import { useApi } from '../support/context.ts';
import {
  demo,
  DEMO_USER_NAMES,
  demoPracticeIds,
  type DemoPractice,
  type DemoUser,
} from '../support/demo.ts';
import { createCustomer, createPractice } from '../support/factories.ts';

/** The answer must hold exactly the declared fields, nothing undeclared. */
const StrictCustomer = CustomerSchema.extend({
  associatedCompanies: CustomerSchema.shape.associatedCompanies
    .extend({ companyVms: CompanyVmSchema.strict().array() })
    .strict(),
}).strict();

type Seen = { practice: DemoPractice; role: string; membershipStatus: string; status: string };
const expected: Record<DemoUser, { primary: DemoPractice; practices: Seen[] }> = {
  anna: {
    primary: 'sommer',
    practices: [
      { practice: 'markt', role: 'member', membershipStatus: 'enabled', status: 'enabled' },
      { practice: 'sommer', role: 'superadmin', membershipStatus: 'enabled', status: 'enabled' },
    ],
  },
  ben: {
    primary: 'sommer',
    practices: [
      { practice: 'sommer', role: 'admin', membershipStatus: 'enabled', status: 'enabled' },
    ],
  },
  clara: {
    primary: 'sommer',
    practices: [
      { practice: 'sommer', role: 'member', membershipStatus: 'enabled', status: 'enabled' },
    ],
  },
  david: {
    primary: 'markt',
    practices: [
      { practice: 'markt', role: 'superadmin', membershipStatus: 'enabled', status: 'enabled' },
    ],
  },
};

describe('Customer/GetCustomerData', () => {
  const api = useApi();
  let practiceIds: Record<DemoPractice, string>;

  beforeAll(async () => {
    practiceIds = await demoPracticeIds(api.db.database.db);
  });

  async function customerData(email: string): Promise<Customer> {
    const response = await api.client.customer.getCustomerData({
      token: await api.issuer.tokenFor(email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return StrictCustomer.parse(response.json());
  }

  it.each(DEMO_USER_NAMES)('%s sees exactly their practices, role and status', async (user) => {
    const customer = await customerData(demo[user]);
    expect(customer.email).toBe(demo[user]);
    expect(customer.companyId).toBe(practiceIds[expected[user].primary]);
    const seen = customer.associatedCompanies.companyVms.map((vm) => ({
      companyId: vm.companyId,
      role: vm.role,
      membershipStatus: vm.membershipStatus,
      status: vm.status,
    }));
    const want = expected[user].practices.map(({ practice, ...rest }) => ({
      companyId: practiceIds[practice],
      ...rest,
    }));
    expect(seen.sort((a, b) => a.companyId.localeCompare(b.companyId))).toEqual(
      want.sort((a, b) => a.companyId.localeCompare(b.companyId)),
    );
  });

  it('names each practice with its customer number, postal code and city', async () => {
    const customer = await customerData(demo.david);
    expect(customer.associatedCompanies.companyVms).toEqual([
      expect.objectContaining({
        name: 'Praxis am Markt',
        customerNumber: expect.stringMatching(/^P-\d+$/),
        postalCode: '20457',
        city: 'Hamburg',
      }),
    ]);
  });

  it('shows a customer their memberships in every status and disabled practices', async () => {
    const db = api.db.database.db;
    const open = await createPractice(db, { name: 'Offene Praxis' });
    const closed = await createPractice(db, { name: 'Geschlossene Praxis', status: 'disabled' });
    const invitedTo = await createPractice(db, { name: 'Einladende Praxis' });
    const customer = await createCustomer(db, {
      practices: [
        { companyId: open.id, role: 'admin', status: 'enabled' },
        { companyId: closed.id, role: 'member', status: 'enabled' },
        { companyId: invitedTo.id, role: 'member', status: 'invited' },
      ],
    });
    const data = await customerData(customer.email);
    expect(data.customerId).toBe(customer.id);
    expect(data.companyId).toBe(open.id);
    const byName = Object.fromEntries(
      data.associatedCompanies.companyVms.map((vm) => [
        vm.name,
        [vm.role, vm.membershipStatus, vm.status],
      ]),
    );
    expect(byName).toEqual({
      'Offene Praxis': ['admin', 'enabled', 'enabled'],
      'Geschlossene Praxis': ['member', 'enabled', 'disabled'],
      'Einladende Praxis': ['member', 'invited', 'enabled'],
    });
    // The customer number (the key to ask to join) only for enabled memberships.
    const numbers = Object.fromEntries(
      data.associatedCompanies.companyVms.map((vm) => [vm.name, vm.customerNumber]),
    );
    expect(numbers['Offene Praxis']).toMatch(/^P-\d+$/);
    expect(numbers['Einladende Praxis']).toBeNull();
  });
  it('offers deleting a practice with the account only when no one else is enabled or disabled in it', async () => {
    const db = api.db.database.db;
    const owner = await createCustomer(db);
    // Invited and requesting people are no members yet: they do not keep the practice.
    const alone = await createPractice(db, { name: 'Allein', superadminId: owner.id });
    await createCustomer(db, { practices: [{ companyId: alone.id, status: 'invited' }] });
    await createCustomer(db, { practices: [{ companyId: alone.id, status: 'requested' }] });
    // A disabled member does.
    const withDisabled = await createPractice(db, {
      name: 'Mit Gesperrter',
      superadminId: owner.id,
    });
    await createCustomer(db, { practices: [{ companyId: withDisabled.id, status: 'disabled' }] });
    const withEnabled = await createPractice(db, { name: 'Mit Mitglied', superadminId: owner.id });
    await createCustomer(db, { practices: [{ companyId: withEnabled.id }] });
    // The owner's membership elsewhere does not count as another person of this practice.
    const data = await customerData(owner.email);
    const offered = Object.fromEntries(
      data.associatedCompanies.companyVms.map((vm) => [vm.name, vm.mayDeleteWithAccount]),
    );
    expect(offered).toEqual({ Allein: true, 'Mit Gesperrter': false, 'Mit Mitglied': false });
  });
});
