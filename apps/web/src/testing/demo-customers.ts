import { CustomerSchema, PicklistsSchema, type CompanyVm, type Customer } from '@pp/contract';

// Customers shaped like the demo data (PRODUCT §8), checked against the contract.
export const SOMMER_ID = '00000000-0000-4000-8000-000000000001';
export const MARKT_ID = '00000000-0000-4000-8000-000000000002';

const practice = (companyId: string, name: string, role: CompanyVm['role']): CompanyVm => ({
  companyId,
  customerNumber: companyId === SOMMER_ID ? 'P-900001' : 'P-900002',
  name,
  postalCode: companyId === SOMMER_ID ? '10117' : '20457',
  city: companyId === SOMMER_ID ? 'Berlin' : 'Hamburg',
  status: 'enabled',
  role,
  membershipStatus: 'enabled',
});

const customer = (changes: Partial<Customer>): Customer =>
  CustomerSchema.parse({
    customerId: '00000000-0000-4000-8000-0000000000cc',
    email: 'someone@example.com',
    salutation: 'FRAU',
    title: null,
    firstName: 'Clara',
    lastName: 'Wolf',
    phone: null,
    position: null,
    profession: null,
    otherIndustry: null,
    dateOfBirth: null,
    preferredLanguage: 'de',
    companyId: SOMMER_ID,
    associatedCompanies: { companyVms: [] },
    ...changes,
  });

export const ANNA_ID = '00000000-0000-4000-8000-0000000000aa';
export const BEN_ID = '00000000-0000-4000-8000-0000000000bb';
export const CLARA_ID = '00000000-0000-4000-8000-0000000000cc';

export const anna = customer({
  customerId: ANNA_ID,
  email: 'anna.sommer@example.com',
  title: 'DR_MED_DENT',
  firstName: 'Anna',
  lastName: 'Sommer',
  associatedCompanies: {
    companyVms: [
      practice(MARKT_ID, 'Praxis am Markt', 'member'),
      practice(SOMMER_ID, 'Zahnarztpraxis Dr. Sommer', 'superadmin'),
    ],
  },
});

export const ben = customer({
  customerId: BEN_ID,
  email: 'ben.krause@example.com',
  salutation: 'HERR',
  firstName: 'Ben',
  lastName: 'Krause',
  associatedCompanies: {
    companyVms: [practice(SOMMER_ID, 'Zahnarztpraxis Dr. Sommer', 'admin')],
  },
});

export const clara = customer({
  email: 'clara.wolf@example.com',
  associatedCompanies: {
    companyVms: [practice(SOMMER_ID, 'Zahnarztpraxis Dr. Sommer', 'member')],
  },
});

export const newcomer = customer({
  email: 'neu@example.com',
  salutation: 'KEINE_ANGABE',
  firstName: 'Nora',
  lastName: 'Neu',
  companyId: null,
});

const list = (...entries: [string, string][]) => ({
  values: entries.map(([value, label]) => ({ value, label })),
});

export const picklists = PicklistsSchema.parse({
  salutation: list(
    ['HERR', 'Herr'],
    ['FRAU', 'Frau'],
    ['DIVERS', 'Divers'],
    ['KEINE_ANGABE', 'keine Angabe'],
  ),
  position: list(['RECEPTION', 'Empfang']),
  professions: list(['DENTIST', 'Zahnarzt/Zahnärztin']),
  newsletterDistributor: list(['EMAIL', 'E-Mail']),
  newsletterInterests: list(['PRODUCTS', 'Produkte']),
  otherIndustries: list(['PHARMACY', 'Apotheke']),
});

export const englishPicklists = PicklistsSchema.parse({
  ...picklists,
  salutation: list(
    ['HERR', 'Mr'],
    ['FRAU', 'Ms'],
    ['DIVERS', 'Mx'],
    ['KEINE_ANGABE', 'Not specified'],
  ),
});
