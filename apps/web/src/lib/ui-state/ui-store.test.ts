import { describe, expect, it } from 'vitest';
import { ROUTES, type CompanyVm, type Customer } from '@pp/contract';
import {
  anna as demoAnna,
  MARKT_ID as MARKT,
  SOMMER_ID as SOMMER,
} from '../../testing/demo-customers.ts';
import { ACTIVE_PRACTICE_KEY } from './active-practice-storage.ts';
import { activeCompanyOf, companiesOf } from './companies.ts';
import { createUiStore, type UiStore } from './ui-store.ts';

const CLOSED = '00000000-0000-4000-8000-000000000003';

const membership = (
  companyId: string,
  name: string,
  changes: Partial<CompanyVm> = {},
): CompanyVm => ({
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

// The demo Anna, with a third practice (disabled) among her two.
const anna: Customer = {
  ...demoAnna,
  associatedCompanies: {
    companyVms: [
      membership(MARKT, 'Praxis am Markt'),
      membership(CLOSED, 'Geschlossene Praxis', { status: 'disabled', role: 'admin' }),
      membership(SOMMER, 'Zahnarztpraxis Dr. Sommer', { role: 'superadmin' }),
    ],
  },
};

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

describe('practice chosen in this tab', () => {
  const activeOf = (store: UiStore) => activeCompanyOf(anna, store.getState().chosenCompanyId);

  it('is none at first: the practices come sorted, the primary one active', () => {
    const store = createUiStore(window.sessionStorage);
    expect(store.getState().chosenCompanyId).toBeNull();
    expect(companiesOf(anna).map((c) => [c.name, c.isPrimary])).toEqual([
      ['Zahnarztpraxis Dr. Sommer', true],
      ['Praxis am Markt', false],
      ['Geschlossene Praxis', false],
    ]);
    expect(activeOf(store)?.companyId).toBe(SOMMER);
  });

  it('lasts for the tab across a reload, and counts only for practices the user can open', () => {
    const store = createUiStore(window.sessionStorage);
    store.chooseCompany(CLOSED);
    expect(activeOf(store)?.companyId).toBe(SOMMER);
    store.chooseCompany(MARKT);
    expect(activeOf(store)?.companyId).toBe(MARKT);
    expect(window.sessionStorage.getItem(ACTIVE_PRACTICE_KEY)).toBe(MARKT);

    const reloaded = createUiStore(window.sessionStorage);
    expect(activeOf(reloaded)?.companyId).toBe(MARKT);
  });

  it('writes nothing to storage until the user switches', () => {
    createUiStore(window.sessionStorage);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('notice', () => {
  const refused = { messageKey: 'ACCESS.REFUSED', path: ROUTES.dashboard } as const;

  it('is kept until it is dismissed, and lives in memory only', () => {
    const store = createUiStore(window.sessionStorage);
    store.showNotice(refused);
    expect(store.getState().notice).toBe(refused);
    expect(window.sessionStorage.length).toBe(0);
    expect(createUiStore(window.sessionStorage).getState().notice).toBeUndefined();

    store.dismissNotice(refused);
    expect(store.getState().notice).toBeUndefined();
  });

  it('is not dismissed on behalf of an older one', () => {
    const store = createUiStore(window.sessionStorage);
    const newer = { ...refused };
    store.showNotice(refused);
    store.showNotice(newer);
    store.dismissNotice(refused);
    expect(store.getState().notice).toBe(newer);
  });
});
