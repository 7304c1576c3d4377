import { describe, expect, it } from 'vitest';
import type { CompanyVm } from '@pp/contract';
import { chooseActiveCompany, sortCompanies } from './companies.ts';

const company = (companyId: string, changes: Partial<CompanyVm> = {}): CompanyVm => ({
  companyId,
  customerNumber: `P-${companyId}`,
  name: `Praxis ${companyId}`,
  postalCode: '10117',
  city: 'Berlin',
  status: 'enabled',
  role: 'member',
  membershipStatus: 'enabled',
  ...changes,
});

const ids = (companies: readonly { companyId: string }[]) => companies.map((c) => c.companyId);

describe('sortCompanies', () => {
  it('puts the primary practice first, keeps the others in order and flags only the primary', () => {
    const sorted = sortCompanies([company('a'), company('b'), company('c')], 'c');
    expect(ids(sorted)).toEqual(['c', 'a', 'b']);
    expect(sorted.map((c) => c.isPrimary)).toEqual([true, false, false]);
  });

  it('does not flag a practice that is the only one', () => {
    expect(sortCompanies([company('a')], 'a')).toEqual([{ ...company('a'), isPrimary: false }]);
  });

  it('flags nothing when the primary is not among them', () => {
    const sorted = sortCompanies([company('a'), company('b')], null);
    expect(ids(sorted)).toEqual(['a', 'b']);
    expect(sorted.some((c) => c.isPrimary)).toBe(false);
  });
});

describe('chooseActiveCompany', () => {
  const sorted = (primary: string | null, ...companies: CompanyVm[]) =>
    sortCompanies(companies, primary);

  it("is the customer's primary practice", () => {
    expect(chooseActiveCompany(sorted('b', company('a'), company('b')), 'b')?.companyId).toBe('b');
  });

  it('is the first practice without a primary one', () => {
    expect(chooseActiveCompany(sorted(null, company('a'), company('b')), null)?.companyId).toBe(
      'a',
    );
  });

  it('is the practice chosen in this tab when the user may still work in it', () => {
    const companies = sorted('a', company('a'), company('b'), company('c', { status: 'disabled' }));
    expect(chooseActiveCompany(companies, 'a', 'b')?.companyId).toBe('b');
    expect(chooseActiveCompany(companies, 'a', 'c')?.companyId).toBe('a');
    expect(chooseActiveCompany(companies, 'a', 'unknown')?.companyId).toBe('a');
  });

  it('skips disabled practices and memberships that are not enabled', () => {
    const companies = sorted(
      'a',
      company('a', { status: 'disabled' }),
      company('b', { membershipStatus: 'invited' }),
      company('c', { membershipStatus: 'requested' }),
      company('d', { membershipStatus: 'disabled' }),
      company('e'),
    );
    expect(chooseActiveCompany(companies, 'a')?.companyId).toBe('e');
  });

  it('is undefined for a user without a practice they can work in', () => {
    expect(chooseActiveCompany([], null)).toBeUndefined();
    expect(
      chooseActiveCompany(sorted('a', company('a', { membershipStatus: 'requested' })), 'a'),
    ).toBeUndefined();
  });
});
