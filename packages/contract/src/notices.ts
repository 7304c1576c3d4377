import { z } from 'zod';

/** The most notices `Customer/GetNotices` answers: the newest, the rest wait for a dismissal. */
export const MAX_NOTICES = 20;

/**
 * A change of the person's that met a change made at the same time in the operator's CRM
 * (decision 0061): for these fields the CRM's value was kept. `fields` are the portal's names
 * of them (`phone`, `lastName`, `newsletterInterests` …), as in `UpdateCustomerData`.
 */
export const CustomerNoticeSchema = z
  .object({
    id: z.number().int(),
    fields: z.array(z.string()),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CustomerNotice' });
export type CustomerNotice = z.infer<typeof CustomerNoticeSchema>;

/** The caller's notices not yet dismissed, newest first. */
export const CustomerNoticesSchema = z
  .object({ notices: z.array(CustomerNoticeSchema).max(MAX_NOTICES) })
  .meta({ id: 'CustomerNotices' });
export type CustomerNotices = z.infer<typeof CustomerNoticesSchema>;

/** How many notices a dismissal marked as seen (0 when there were none). */
export const NoticesDismissedSchema = z
  .object({ dismissed: z.number().int().nonnegative() })
  .meta({ id: 'NoticesDismissed' });
