import { useActiveCompany, useCustomer } from '../../../lib/ui-state/use-customer.ts';
import type { Viewer } from '../employee-permissions.ts';

/** The active practice and the signed-in user's place in it; undefined without a practice. */
export function useViewer():
  { companyId: string; practiceName: string; viewer: Viewer } | undefined {
  const customer = useCustomer();
  const active = useActiveCompany();
  if (!customer || !active) return undefined;
  return {
    companyId: active.companyId,
    practiceName: active.name,
    viewer: { customerId: customer.customerId, role: active.role },
  };
}
