import { ROUTES } from '@pp/contract';

/** The mails link to `/verify?hash=<secret>` (`apps/api/src/routes/customer/update-email.ts`). */
export const VERIFY_HASH_PARAM = 'hash';

/**
 * Where a confirmed link leads: the used secret leaves the address bar, and a reload shows the
 * confirmation again instead of trying the used link.
 */
export const CONFIRMED_PARAM = 'confirmed';
export const CONFIRMED_PATH = `${ROUTES.verify}?${CONFIRMED_PARAM}=1`;
