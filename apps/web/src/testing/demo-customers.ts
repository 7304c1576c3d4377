import { CustomerSchema, PicklistsSchema, type CompanyVm, type Customer } from '@pp/contract';
import { DEMO_PRACTICES, DEMO_USERS, type DemoPracticeKey } from '@pp/demo-data';

// Customers made of the demo data (docs/product.md §8), checked against the contract; the ids
// are the fakes' own (the seed's are generated).
export const SOMMER_ID = '00000000-0000-4000-8000-000000000001';
export const MARKT_ID = '00000000-0000-4000-8000-000000000002';
const PRACTICE_IDS: Record<DemoPracticeKey, string> = { sommer: SOMMER_ID, markt: MARKT_ID };

const practice = (key: DemoPracticeKey, role: CompanyVm['role']): CompanyVm => {
  const { customerNumber, name, postalCode, city } = DEMO_PRACTICES[key];
  return {
    companyId: PRACTICE_IDS[key],
    customerNumber,
    name,
    postalCode,
    city,
    status: 'enabled',
    role,
    membershipStatus: 'enabled',
  };
};

/** A demo user's name and address as the seed has them. */
const demoUser = (email: string) => {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`${email} is no demo user`);
  const { salutation, title, firstName, lastName } = user;
  return { email, salutation, title, firstName, lastName };
};

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
  ...demoUser('anna.sommer@example.com'),
  associatedCompanies: {
    companyVms: [practice('markt', 'member'), practice('sommer', 'superadmin')],
  },
});

export const ben = customer({
  customerId: BEN_ID,
  ...demoUser('ben.krause@example.com'),
  associatedCompanies: { companyVms: [practice('sommer', 'admin')] },
});

export const clara = customer({
  ...demoUser('clara.wolf@example.com'),
  associatedCompanies: { companyVms: [practice('sommer', 'member')] },
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
