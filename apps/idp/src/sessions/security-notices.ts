import type { Account } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import type { SecondFactorChange } from '../mail.ts';
import type { ResolvedOptions } from '../options.ts';

/** The portal's page that lists sessions, sign-ins and second factors; the notices link there. */
export const SECURITY_PATH = 'security';

type NoticeOptions = Pick<ResolvedOptions, 'db' | 'mailer' | 'logger' | 'portalUrl'>;

const languageOf = (account: Pick<Account, 'locale'>): Locale =>
  account.locale === 'en' ? 'en' : 'de';

const securityLink = (options: NoticeOptions) => new URL(SECURITY_PATH, options.portalUrl);

/**
 * Tells the owner that codes of their second factor were refused so often that every client now
 * waits (issue 41, finding 2): someone who knows the password may be guessing. Written in `tx`
 * beside the count that set the wait.
 */
export async function noticeCodeFailures(
  options: NoticeOptions,
  tx: IdpDb,
  account: Pick<Account, 'email' | 'locale'>,
): Promise<boolean> {
  const sent = await options.mailer.send(tx, {
    kind: 'second-factor-failures',
    to: account.email,
    language: languageOf(account),
    at: new Date(),
    securityLink: securityLink(options),
  });
  if (!sent) options.logger.warn({}, 'the wrong-codes notice was held back by the mail limit');
  return sent;
}

/**
 * Tells the owner that a second factor was added, removed or renewed (issue 41, finding 3), so a
 * change they did not make does not go unnoticed. A notice that cannot be written never undoes
 * the change: it is logged.
 */
export async function noticeSecondFactorChange(
  options: NoticeOptions,
  account: Pick<Account, 'id' | 'email' | 'locale'>,
  change: { change: SecondFactorChange; userAgent: string; passkeyName?: string | undefined },
): Promise<void> {
  await options.db
    .transaction(async (tx) => {
      const sent = await options.mailer.send(tx, {
        kind: 'second-factor-changed',
        to: account.email,
        language: languageOf(account),
        at: new Date(),
        securityLink: securityLink(options),
        ...change,
      });
      if (!sent) {
        options.logger.warn(
          { accountId: account.id },
          'the second-factor notice was held back by the mail limit',
        );
      }
    })
    .catch((error: unknown) =>
      options.logger.error(
        { err: error, accountId: account.id },
        'the second-factor notice was not written',
      ),
    );
}
