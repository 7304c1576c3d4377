import { z } from 'zod';
import {
  EmailSchema,
  fieldError,
  FieldErrorCode,
  INVITATION_ROLES,
  PersonNameSchema,
  PicklistCodeSchema,
  TITLE_CODES,
  UNDEFINED_VALUE,
  usesProhibitedAlias,
} from '@pp/contract';
import { optionalChoice, optionalText } from '../../lib/forms/empty-as-null.ts';

/** The invitation form as typed: selects hold a code or `UNDEFINED`, names may be empty. */
export interface InviteFormValues {
  email: string;
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  role: string;
  locationIds: string[];
}

export const INVITE_FIELDS = [
  'email',
  'salutation',
  'title',
  'firstName',
  'lastName',
  'role',
  'locationIds',
] as const satisfies readonly (keyof InviteFormValues)[];

export const EMPTY_INVITATION: InviteFormValues = {
  email: '',
  salutation: UNDEFINED_VALUE,
  title: UNDEFINED_VALUE,
  firstName: '',
  lastName: '',
  role: 'member',
  locationIds: [],
};

const optionalName = optionalText(PersonNameSchema);

/**
 * Checks the invitation as the api does: the contract's e-mail rules and no shared mailbox
 * (`aliases`: the prohibited aliases, or the fallback `["info"]`), an admin only when the
 * viewer may invite one. Gives the body of `Employee/InviteEmployee` without the practice.
 */
export function inviteFormSchema(aliases: readonly string[], mayInviteAdmin: boolean) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1)
      .pipe(EmailSchema)
      .superRefine((email, context) => {
        if (usesProhibitedAlias(email, aliases)) {
          context.addIssue({ code: 'custom', ...fieldError(FieldErrorCode.prohibitedAlias) });
        }
      }),
    salutation: optionalChoice(PicklistCodeSchema),
    title: optionalChoice(z.enum(TITLE_CODES)),
    firstName: optionalName,
    lastName: optionalName,
    role: z.string().pipe(z.enum(mayInviteAdmin ? INVITATION_ROLES : ['member'])),
    locationIds: z.array(z.string()),
  });
}

export type InviteFields = z.output<ReturnType<typeof inviteFormSchema>>;
