import { z } from 'zod';
import { TITLE_CODES } from '@pp/contract';

/** What an inviter typed about the invitee (`invitations.typed`): shown until they accept. */
export const TypedInviteeSchema = z.object({
  salutation: z.string().nullable().default(null),
  title: z.enum(TITLE_CODES).nullable().default(null),
  firstName: z.string().nullable().default(null),
  lastName: z.string().nullable().default(null),
  locationIds: z.array(z.string()).default([]),
});
export type TypedInvitee = z.infer<typeof TypedInviteeSchema>;
