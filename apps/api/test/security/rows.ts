import { randomUUID } from 'node:crypto';
import { NEWSLETTER_CONSENT_VERSION } from '@pp/contract';
import { uniqueEmail } from '../support/factories.ts';
import type { Objects } from './world.ts';

export interface MatrixRequest {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * How a call names the objects of a world: one row per operation of the OpenAPI document.
 * `selfId` is the person a call on oneself names: the caller in the matrix, P's member in the
 * rows of the `orSelf` calls.
 */
export type Row = (objects: Objects, selfId: string) => MatrixRequest;

const practice = (o: Objects) => ({ query: { companyId: o.practice } });
const person = (o: Objects) => ({ body: { companyId: o.practice, customerId: o.person } });
const invitee = (o: Objects) => ({ body: { companyId: o.practice, customerId: o.invitee } });
const none: Row = () => ({});

/** Keyed by operationId (the call's path: `Company_GetCompany`). */
export const ROWS: Record<string, Row> = {
  ATest_CreateUser: () => ({
    body: { email: uniqueEmail('matrix'), password: 'Matrix-Passwort-1' },
  }),
  ATest_ExpireInvitations: () => ({ body: { email: 'niemand@example.com' } }),
  ATest_Users: () => ({ query: { mail: 'niemand@example.com' } }),
  Company_CheckEntitlements: practice,
  Company_ConnectExistingCompany: () => ({
    body: { customerNumber: 'P-999999', postalCode: '10115' },
  }),
  Company_CreateCompany: () => ({
    body: { name: `Matrix ${Math.random()}`, street: 'Weg 1', postalCode: '10115', city: 'Berlin' },
  }),
  Company_DisableCompany: practice,
  Company_EnableCompany: practice,
  Company_ExportActivityLog: (o) => ({ body: { companyId: o.practice } }),
  Company_GetActivityLog: practice,
  Company_GetCompany: practice,
  Company_GetSentRequests: none,
  Company_UpdateCompany: (o) => ({ body: { companyId: o.practice, phone: '+49 30 1234567' } }),
  // Only one's own request: anyone else's id answers like a random one (404).
  Company_WithdrawSentRequest: () => ({ body: { requestId: randomUUID() } }),
  Customer_ChangePassword: none,
  // Callers of the matrix have no provider account: the confirmation fails, nothing is deleted.
  Customer_DeleteAccount: () => ({ body: { password: 'Matrix-Passwort-1' } }),
  Customer_DismissNotices: none,
  Customer_ExportPersonalData: none,
  Customer_GetCustomerData: none,
  Customer_GetNotices: none,
  Customer_GetPicklists: none,
  Customer_UpdateCustomerData: () => ({ body: { phone: '+49 30 7654321' } }),
  Customer_UpdateEmail: () => ({ query: { newEmail: uniqueEmail('neu') } }),
  Customer_VerifyEmail: () => ({ query: { verifyHash: 'x'.repeat(43) } }),
  Employee_AcceptInvitation: (o) => ({ body: { companyId: o.practice } }),
  Employee_ApplyBulkAction: (o) => ({
    body: {
      companyId: o.practice,
      action: 'disable',
      customerIds: [o.person],
      idempotencyKey: randomUUID(),
    },
  }),
  Employee_ChangePrimaryCompany: (o, selfId) => ({
    body: { companyId: o.practice, customerId: selfId },
  }),
  Employee_ChangeRole: (o) => ({ body: { ...person(o).body, role: 'admin' } }),
  Employee_DeclineInvitation: (o) => ({ body: { companyId: o.practice } }),
  Employee_DisableEmployee: person,
  Employee_EnableEmployee: person,
  Employee_ExportEmployees: (o) => ({ query: { companyId: o.practice, status: 'enabled' } }),
  Employee_GetEmployee: (o) => ({ query: { companyId: o.practice, customerId: o.person } }),
  Employee_GetEmployees: practice,
  Employee_GetInvitationLink: () => ({ query: { invitation: 'x'.repeat(43) } }),
  Employee_GetMyInvitations: none,
  Employee_InviteEmployee: (o) => ({
    body: { companyId: o.practice, email: uniqueEmail('einladung') },
  }),
  Employee_InviteEmployees: (o) => ({
    body: {
      companyId: o.practice,
      rows: [{ email: uniqueEmail('sammel') }],
      idempotencyKey: randomUUID(),
    },
  }),
  Employee_LeavePractice: (o) => ({ body: { companyId: o.practice } }),
  Employee_ResendInvitation: invitee,
  Employee_RevokeInvitation: invitee,
  Employee_SetEmployeeLocations: (o) => ({
    body: { ...person(o).body, locationIds: [o.location] },
  }),
  Employee_TransferSuperadmin: person,
  Lifetime_IsAlive: none,
  Lifetime_private: none,
  Lifetime_private_scoped: none,
  Location_CreateLocation: (o) => ({
    body: {
      companyId: o.practice,
      name: 'Neu',
      street: 'Weg 2',
      postalCode: '10115',
      city: 'Berlin',
    },
  }),
  Location_ExportLocations: (o, selfId) => ({
    query: { parentId: o.practice, contactId: selfId, search: 'a' },
  }),
  Location_GetLocationById: (o) => ({ query: { locationId: o.location } }),
  Location_GetLocations: (o, selfId) => ({
    query: { parentId: o.practice, contactId: selfId },
  }),
  Location_UpdateLocation: (o) => ({
    body: { locationId: o.location, phoneNumber: '+49 30 1111111' },
  }),
  Preferences_GetCurrentPreferences: none,
  // Nothing pending for the matrix's callers: 409 after the authorization let them through.
  Preferences_ResendConfirmation: none,
  Preferences_UpdatePreferences: () => ({
    body: {
      subscribed: false,
      distributors: [],
      interests: [],
      wordingVersion: NEWSLETTER_CONSENT_VERSION,
    },
  }),
  Security_GetSecondFactors: none,
  Rights_IsUserAdminOfPractice: (o) => ({ query: { practiceId: o.practice } }),
  Rights_IsUserConnectedToPractice: (o) => ({ query: { practiceId: o.practice } }),
  Rights_IsUserSuperAdminOfPractice: (o) => ({ query: { practiceId: o.practice } }),
  // Only one's own session: any other id answers 404 (security/account-sessions.test.ts).
  Security_EndAllSessions: none,
  Security_EndSession: () => ({ body: { sessionId: 'kein-session-id-bekannt' } }),
  Security_GetSessions: none,
  Security_GetSignIns: none,
  Utility_EmailProhibitedAlias: none,
};

/**
 * Where a practice call's rule gives another answer than its role alone (the rules of
 * docs/product.md §4).
 */
export const EXCEPTIONS: Record<string, Partial<Record<string, number>>> = {
  // The superadmin hands the role over first; leaving is refused.
  Employee_LeavePractice: { superadmin: 403 },
};
