import { CompanySchema, type Company as PracticeDetails, type Entitlement } from '@pp/contract';
import { MARKT_ID, SOMMER_ID } from './demo-customers.ts';

/** The demo practices' data (PRODUCT §8); the role is filled in per caller. */
export const demoPractices: PracticeDetails[] = [
  CompanySchema.parse({
    companyId: SOMMER_ID,
    customerNumber: 'P-900001',
    name: 'Zahnarztpraxis Dr. Sommer',
    street: 'Friedrichstraße 120',
    postalCode: '10117',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 1234567',
    email: 'kontakt@zahnarzt-sommer.example.com',
    website: 'https://zahnarzt-sommer.example.com',
    status: 'enabled',
    role: 'member',
  }),
  CompanySchema.parse({
    companyId: MARKT_ID,
    customerNumber: 'P-900002',
    name: 'Praxis am Markt',
    street: 'Großer Burstah 12',
    postalCode: '20457',
    city: 'Hamburg',
    country: 'DE',
    phone: '+49 40 7654321',
    email: 'empfang@praxis-am-markt.example.com',
    website: null,
    status: 'enabled',
    role: 'member',
  }),
];

export const demoEntitlements: Entitlement[] = [
  {
    productCode: 'PORTAL_BASIC',
    name: 'Praxisportal Basis',
    validFrom: '2025-01-01',
    validUntil: null,
    status: 'active',
  },
  {
    productCode: 'SUPPORT_PREMIUM',
    name: 'Premium-Support',
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    status: 'expired',
  },
];
