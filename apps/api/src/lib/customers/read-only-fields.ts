import {
  FieldErrorCode,
  normalizeEmail,
  type CompanyVm,
  type Customer,
  type CustomerUpdate,
  type TypedFieldError,
} from '@pp/contract';

/** What identifies a membership: the practice, the role and its status (names may change). */
const membershipsOf = (
  vms: readonly Pick<CompanyVm, 'companyId' | 'role' | 'membershipStatus'>[],
) =>
  vms
    .map((vm) => `${vm.companyId}:${vm.role}:${vm.membershipStatus}`)
    .sort()
    .join(',');

/**
 * `not_changeable` field errors for every read-only part of an update that differs from what is
 * stored: the id (another customer's id included), the e-mail address, the primary practice and
 * the memberships. Absent parts are fine.
 */
export function readOnlyChanges(body: CustomerUpdate, stored: Customer): TypedFieldError[] {
  const changed: string[] = [];
  if (body.customerId !== undefined && body.customerId !== stored.customerId) {
    changed.push('customerId');
  }
  if (body.email !== undefined && normalizeEmail(body.email) !== stored.email)
    changed.push('email');
  if (body.companyId !== undefined && body.companyId !== stored.companyId)
    changed.push('companyId');
  if (
    body.associatedCompanies !== undefined &&
    membershipsOf(body.associatedCompanies.companyVms) !==
      membershipsOf(stored.associatedCompanies.companyVms)
  ) {
    changed.push('associatedCompanies');
  }
  return changed.map((field) => ({ field: `body.${field}`, code: FieldErrorCode.notChangeable }));
}
