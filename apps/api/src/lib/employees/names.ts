import type { CustomerRow } from '../customers/linked-customer.ts';

/** How a person is named in mails to others: their name, or their address without one. */
export function displayName(customer: Pick<CustomerRow, 'firstName' | 'lastName' | 'email'>) {
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email;
}
