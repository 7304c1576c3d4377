import type { CrmEntity } from './crm-client.ts';

// The portal's fields of each mirrored record, in the CRM client's words (`crm-client.ts`).
// Values are as the portal stores them: codes of picklists (`MR`, `DENTIST`), ISO dates
// (`1980-04-01`), `de`/`en`, `enabled`/`disabled`, roles and statuses as in `@pp/contract`.
// References hold the CRM key of the record they point to.
export const CRM_FIELDS = {
  customer: [
    'email',
    'salutation',
    'title',
    'firstName',
    'lastName',
    'phone',
    'position',
    'profession',
    'otherIndustry',
    'dateOfBirth',
    'preferredLanguage',
    /** Reference: the practice the customer chose as theirs (`primary_company_id`). */
    'practiceId',
    'newsletterSubscribed',
    /** Lists of codes. */
    'newsletterDistributors',
    'newsletterInterests',
  ],
  practice: [
    'customerNumber',
    'name',
    'street',
    'postalCode',
    'city',
    'country',
    'phone',
    'email',
    'website',
    'status',
  ],
  location: [
    /** Reference. */
    'practiceId',
    'name',
    'street',
    'postalCode',
    'city',
    'country',
    'phoneNumber',
    'invoiceMail',
    'status',
  ],
  /** Only `enabled` and `disabled` memberships reach the CRM: invitations and requests stay here. */
  membership: [/** References. */ 'customerId', 'practiceId', 'role', 'status'],
  locationAssignment: [/** References. */ 'locationId', 'customerId'],
} as const satisfies Record<CrmEntity, readonly string[]>;

/** Fields that hold the CRM key of another record, and the entity they point to. */
export const CRM_REFERENCES: Record<string, CrmEntity> = {
  practiceId: 'practice',
  customerId: 'customer',
  locationId: 'location',
};
