import { CompanySchema, type Company as PracticeDetails, type Entitlement } from '@pp/contract';
import { DEMO_ENTITLEMENTS, DEMO_PRACTICES, type DemoPracticeKey } from '@pp/demo-data';
import { MARKT_ID, SOMMER_ID } from './demo-customers.ts';

const details = (key: DemoPracticeKey, companyId: string): PracticeDetails => {
  const { locations: _locations, ...practice } = DEMO_PRACTICES[key];
  return CompanySchema.parse({
    ...practice,
    companyId,
    country: 'DE',
    status: 'enabled',
    requiresSecondFactor: false,
    role: 'member',
  });
};

/** The demo practices' data (docs/product.md §8); the role is filled in per caller. */
export const demoPractices: PracticeDetails[] = [
  details('sommer', SOMMER_ID),
  details('markt', MARKT_ID),
];

/** The demo entitlements with the status the fakes answer (the second one has ended). */
export const demoEntitlements: Entitlement[] = [
  { ...DEMO_ENTITLEMENTS[0], status: 'active' },
  { ...DEMO_ENTITLEMENTS[1], status: 'expired' },
];
