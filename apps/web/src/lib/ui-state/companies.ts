import type { CompanyVm, Customer } from '@pp/contract';

/** A practice of the signed-in customer, flagged when it is their primary one. */
export interface Company extends CompanyVm {
  isPrimary: boolean;
}

/**
 * The customer's practices, the primary one first and the rest in the api's order. A practice
 * that is the only one is not flagged primary (docs/specification.md §4).
 */
export function sortCompanies(
  companyVms: readonly CompanyVm[],
  primaryCompanyId: string | null,
): Company[] {
  const flagged = companyVms.map((company) => ({
    ...company,
    isPrimary: companyVms.length > 1 && company.companyId === primaryCompanyId,
  }));
  return [
    ...flagged.filter((company) => company.companyId === primaryCompanyId),
    ...flagged.filter((company) => company.companyId !== primaryCompanyId),
  ];
}

/** A practice the user can work in: an enabled membership of an enabled practice. */
export function isSelectable(company: CompanyVm): boolean {
  return company.status === 'enabled' && company.membershipStatus === 'enabled';
}

/**
 * The active practice among the selectable ones: the one chosen in this tab, else the primary,
 * else the first after sorting; undefined when the user has none.
 */
export function chooseActiveCompany(
  companies: readonly Company[],
  primaryCompanyId: string | null,
  chosenCompanyId?: string | null,
): Company | undefined {
  const selectable = companies.filter(isSelectable);
  const byId = (id: string | null | undefined) =>
    id ? selectable.find((company) => company.companyId === id) : undefined;
  return byId(chosenCompanyId) ?? byId(primaryCompanyId) ?? selectable[0];
}

/** The customer's practices, sorted and flagged as {@link sortCompanies} does. */
export function companiesOf(customer: Customer): Company[] {
  return sortCompanies(customer.associatedCompanies.companyVms, customer.companyId);
}

/** The customer's active practice, given the one chosen in this tab (if any). */
export function activeCompanyOf(
  customer: Customer,
  chosenCompanyId: string | null,
): Company | undefined {
  return chooseActiveCompany(companiesOf(customer), customer.companyId, chosenCompanyId);
}
