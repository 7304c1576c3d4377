import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { checkCredentials } from '../accounts.ts';
import { clientAddress } from '../http/request.ts';
import { recordFailure, recordSuccess, secondsToWait, throttleKeys } from '../throttle.ts';
import { interactionLocale, renderSignIn } from './pages.ts';
import type { Interaction, InteractionDeps } from './routes.ts';

export const MAX_EMAIL = 254;
const MAX_PASSWORD = 1024;

/**
 * Checks the posted credentials. While the account or the address must wait, no password is
 * checked at all; a failure makes the next wait longer; a success finishes the interaction.
 */
export async function signIn(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  form: URLSearchParams,
) {
  const { options } = deps;
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  const page = {
    locale: interactionLocale(req, interaction.params),
    uid: interaction.uid,
    secret: deps.secrets()[0] ?? '',
    email: email.slice(0, MAX_EMAIL),
  };
  if (
    email === '' ||
    password === '' ||
    email.length > MAX_EMAIL ||
    password.length > MAX_PASSWORD
  ) {
    return renderSignIn(res, options, {
      ...page,
      status: 400,
      problem: { kind: 'missing-fields' },
    });
  }
  const keys = throttleKeys(email, clientAddress(req, options.trustProxy ?? false));
  // Check, verify and record as one step per account: parallel attempts wait for each other
  // instead of all passing the same empty counter.
  const outcome = await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.account}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled' as const, wait };
    const account = await checkCredentials(tx, email, password);
    if (!account) {
      return { kind: 'failed' as const, next: await recordFailure(tx, keys, options.throttle) };
    }
    await recordSuccess(tx, keys);
    return { kind: 'signed-in' as const, account };
  });
  if (outcome.kind === 'throttled') {
    return renderSignIn(res, options, {
      ...page,
      status: 429,
      problem: { kind: 'throttled', waitSeconds: outcome.wait },
      headers: { 'retry-after': String(outcome.wait) },
    });
  }
  if (outcome.kind === 'failed') {
    options.logger.info({ waitSeconds: outcome.next }, 'sign-in failed');
    return renderSignIn(res, options, {
      ...page,
      status: 401,
      problem: { kind: 'invalid-credentials', waitSeconds: outcome.next },
    });
  }
  const { account } = outcome;
  options.logger.info({ accountId: account.id }, 'signed in');
  return deps
    .provider()
    .interactionFinished(
      req,
      res,
      { login: { accountId: account.id, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
}
