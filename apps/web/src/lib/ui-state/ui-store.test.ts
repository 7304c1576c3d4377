import { beforeEach, describe, expect, it } from 'vitest';
import { CustomerSchema, type CompanyVm, type Customer } from '@pp/contract';
import { ACTIVE_PRACTICE_KEY } from './active-practice-storage.ts';
import { createUiStore } from './ui-store.ts';

const SOMMER = '00000000-0000-4000-8000-000000000001';
const MARKT = '00000000-0000-4000-8000-000000000002';
const CLOSED = '00000000-0000-4000-8000-000000000003';

const membership = (companyId: string, name: string, changes: Partial<CompanyVm> = {}) => ({
  companyId,
  customerNumber: 'P-900001',
  name,
  postalCode: null,
  city: null,
  status: 'enabled',
  role: 'member',
  membershipStatus: 'enabled',
  ...changes,
});

const anna: Customer = CustomerSchema.parse({
  customerId: '00000000-0000-4000-8000-0000000000aa',
  email: 'anna.sommer@example.com',
  salutation: 'FRAU',
  title: 'DR_MED_DENT',
  firstName: 'Anna',
  lastName: 'Sommer',
  phone: null,
  position: null,
  profession: null,
  otherIndustry: null,
  dateOfBirth: null,
  preferredLanguage: 'de',
  companyId: SOMMER,
  associatedCompanies: {
    companyVms: [
      membership(MARKT, 'Praxis am Markt'),
      membership(CLOSED, 'Geschlossene Praxis', { status: 'disabled', role: 'admin' }),
      membership(SOMMER, 'Zahnarztpraxis Dr. Sommer', { role: 'superadmin' }),
    ],
  },
});

beforeEach(() => window.sessionStorage.clear());

describe('loading counter', () => {
  it('counts running operations', () => {
    const store = createUiStore(window.sessionStorage);
    store.startLoading();
    store.startLoading();
    expect(store.getState().loadingCount).toBe(2);
    store.stopLoading();
    expect(store.getState().loadingCount).toBe(1);
    store.stopLoading();
    expect(store.getState().loadingCount).toBe(0);
  });

  it('never goes below 0, however many more operations end than started', () => {
    const store = createUiStore(window.sessionStorage);
    store.stopLoading();
    store.stopLoading();
    expect(store.getState().loadingCount).toBe(0);

    store.startLoading();
    expect(store.getState().loadingCount).toBe(1);
    store.stopLoading();
    store.stopLoading();
    store.startLoading();
    expect(store.getState().loadingCount).toBe(1);
  });

  it('tells its listeners', () => {
    const store = createUiStore(window.sessionStorage);
    const counts: number[] = [];
    const unsubscribe = store.subscribe(() => counts.push(store.getState().loadingCount));
    store.startLoading();
    store.stopLoading();
    store.stopLoading();
    unsubscribe();
    store.startLoading();
    expect(counts).toEqual([1, 0, 0]);
  });
});

describe('customer and active practice', () => {
  it('sorts the practices primary first and activates the primary one', () => {
    const store = createUiStore(window.sessionStorage);
    store.setCustomer(anna);
    const state = store.getState();
    expect(state.activeCustomer).toBe(anna);
    expect(state.companies.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Zahnarztpraxis Dr. Sommer', true],
      ['Praxis am Markt', false],
      ['Geschlossene Praxis', false],
    ]);
    expect(state.activeCompany?.companyId).toBe(SOMMER);
  });

  it('keeps a switch for the tab across a reload, and only for practices the user can open', () => {
    const store = createUiStore(window.sessionStorage);
    store.setCustomer(anna);
    store.switchCompany(CLOSED);
    expect(store.getState().activeCompany?.companyId).toBe(SOMMER);
    store.switchCompany(MARKT);
    expect(store.getState().activeCompany?.companyId).toBe(MARKT);
    expect(window.sessionStorage.getItem(ACTIVE_PRACTICE_KEY)).toBe(MARKT);

    const reloaded = createUiStore(window.sessionStorage);
    reloaded.setCustomer(anna);
    expect(reloaded.getState().activeCompany?.companyId).toBe(MARKT);
  });

  it('writes nothing to storage until the user switches', () => {
    createUiStore(window.sessionStorage).setCustomer(anna);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('forgets the customer and their practices', () => {
    const store = createUiStore(window.sessionStorage);
    store.setCustomer(anna);
    store.setCustomer(undefined);
    expect(store.getState()).toMatchObject({
      activeCustomer: undefined,
      companies: [],
      activeCompany: undefined,
    });
  });
});
