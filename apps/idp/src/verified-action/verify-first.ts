import type { FastifyReply } from 'fastify';
import type { Account } from '../accounts/accounts.ts';
import type { Sent } from '../app/sent.ts';
import { messagesFor } from '../i18n/locale.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { hasConfirmedTotp } from '../second-factor/store.ts';
import type { CodeProblem } from '../second-factor/pages.ts';
import { send, type PageContext } from '../interaction/page-context.ts';
import { verifiedActionPage } from './page.ts';

export interface Refused {
  problem: CodeProblem;
  problemOf: 'code' | 'password';
  headers: Record<string, string>;
}

/** The add actions' first page when no proof is recent: the password or a code first. */
export async function sendVerifyFirst(
  deps: InteractionDeps,
  reply: FastifyReply,
  context: PageContext,
  account: Account,
  status = 200,
  refused?: Refused,
): Promise<Sent> {
  const t = messagesFor(context.locale).secondFactor;
  const withCode = await hasConfirmedTotp(deps.options.db, account.id);
  const page = verifiedActionPage({
    ...context,
    links: deps.options.links,
    title: t.verifyTitle,
    intro: withCode ? t.verifyIntro : t.verifyIntroPasswordOnly,
    action: 'action/confirm',
    submit: t.verifySubmit,
    withCode,
    verified: false,
    problem: refused?.problem,
    problemOf: refused?.problemOf,
  });
  return send(reply, context, status, page, refused?.headers ?? {});
}
