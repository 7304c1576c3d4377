import type { MembershipRole, TitleCode } from '@pp/contract';

// The demo data of docs/product.md §8, once: the api's seed writes it, the web app's fakes and the
// end-to-end tests read the same values (decision 0047).

/** The public password of every demo account (docs/product.md §8). */
export const DEMO_PASSWORD = 'Demo-Portal-2026';

export interface DemoLocation {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phoneNumber: string | null;
  invoiceMail: string | null;
}

export interface DemoPractice {
  /** Fixed, so tests and the README can name it; outside the generated range (P-100001 …). */
  customerNumber: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  website: string | null;
  /** In this order; the first is the practice's "first location". */
  locations: readonly DemoLocation[];
}

export const DEMO_PRACTICES = {
  sommer: {
    customerNumber: 'P-900001',
    name: 'Zahnarztpraxis Dr. Sommer',
    street: 'Friedrichstraße 120',
    postalCode: '10117',
    city: 'Berlin',
    phone: '+49 30 1234567',
    email: 'kontakt@zahnarzt-sommer.example.com',
    website: 'https://zahnarzt-sommer.example.com',
    locations: [
      {
        name: 'Praxis Mitte',
        street: 'Friedrichstraße 120',
        postalCode: '10117',
        city: 'Berlin',
        phoneNumber: '+49 30 1234567',
        invoiceMail: 'rechnung@zahnarzt-sommer.example.com',
      },
      {
        name: 'Praxis Prenzlauer Berg',
        street: 'Schönhauser Allee 58',
        postalCode: '10437',
        city: 'Berlin',
        phoneNumber: null,
        invoiceMail: null,
      },
    ],
  },
  markt: {
    customerNumber: 'P-900002',
    name: 'Praxis am Markt',
    street: 'Großer Burstah 12',
    postalCode: '20457',
    city: 'Hamburg',
    phone: '+49 40 7654321',
    email: 'empfang@praxis-am-markt.example.com',
    website: null,
    locations: [
      {
        name: 'Praxis am Markt',
        street: 'Großer Burstah 12',
        postalCode: '20457',
        city: 'Hamburg',
        phoneNumber: '+49 40 7654321',
        invoiceMail: null,
      },
    ],
  },
} as const satisfies Record<string, DemoPractice>;

export type DemoPracticeKey = keyof typeof DEMO_PRACTICES;

export const DEMO_ENTITLEMENTS = [
  {
    productCode: 'PORTAL_BASIC',
    name: 'Praxisportal Basis',
    validFrom: '2025-01-01',
    validUntil: null,
  },
  {
    productCode: 'SUPPORT_PREMIUM',
    name: 'Premium-Support',
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
  },
] as const;

export interface DemoUser {
  email: string;
  salutation: 'FRAU' | 'HERR';
  title: TitleCode | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  position: string;
  profession: string;
  primary: DemoPracticeKey;
  memberships: readonly { practice: DemoPracticeKey; role: MembershipRole }[];
  /** Indexes into the locations of the primary practice. */
  locations: readonly number[];
}

/** docs/product.md §8. Codes refer to the picklists of migration 0002 and the contract's titles. */
export const DEMO_USERS = [
  {
    email: 'anna.sommer@example.com',
    salutation: 'FRAU',
    title: 'DR_MED_DENT',
    firstName: 'Anna',
    lastName: 'Sommer',
    phone: '+49 30 1234567',
    position: 'PRACTICE_OWNER',
    profession: 'DENTIST',
    primary: 'sommer',
    memberships: [
      { practice: 'sommer', role: 'superadmin' },
      { practice: 'markt', role: 'member' },
    ],
    locations: [],
  },
  {
    email: 'ben.krause@example.com',
    salutation: 'HERR',
    title: null,
    firstName: 'Ben',
    lastName: 'Krause',
    phone: null,
    position: 'PRACTICE_MANAGER',
    profession: 'DENTAL_ASSISTANT',
    primary: 'sommer',
    memberships: [{ practice: 'sommer', role: 'admin' }],
    locations: [],
  },
  {
    email: 'clara.wolf@example.com',
    salutation: 'FRAU',
    title: null,
    firstName: 'Clara',
    lastName: 'Wolf',
    phone: null,
    position: 'RECEPTION',
    profession: 'DENTAL_ASSISTANT',
    primary: 'sommer',
    memberships: [{ practice: 'sommer', role: 'member' }],
    locations: [0],
  },
  {
    email: 'david.markt@example.com',
    salutation: 'HERR',
    title: 'DR_MED',
    firstName: 'David',
    lastName: 'Markt',
    phone: '+49 40 7654321',
    position: 'PRACTICE_OWNER',
    profession: 'GENERAL_PRACTITIONER',
    primary: 'markt',
    memberships: [{ practice: 'markt', role: 'superadmin' }],
    locations: [],
  },
] as const satisfies readonly DemoUser[];
