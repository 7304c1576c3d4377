import type { Customer } from '@pp/contract';

/** Salutations that go with a surname ("Frau Dr. Sommer"); others use the full name. */
const FORMAL_SALUTATIONS = ['HERR', 'FRAU'];

interface Labels {
  /** The salutation's label from the picklist, when it is loaded. */
  salutation: string | undefined;
  /** The title's label from the translation files. */
  title: string | undefined;
}

/** How the dashboard addresses the customer: "Frau Dr. Sommer", else "Dr. Anna Sommer". */
export function greetingName(customer: Customer, labels: Labels): string {
  const formal =
    customer.salutation !== null &&
    FORMAL_SALUTATIONS.includes(customer.salutation) &&
    labels.salutation !== undefined &&
    !!customer.lastName;
  const parts = formal
    ? [labels.salutation, labels.title, customer.lastName]
    : [labels.title, customer.firstName, customer.lastName];
  return parts.filter((part) => !!part).join(' ');
}
