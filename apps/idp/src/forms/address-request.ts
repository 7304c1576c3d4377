import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../app/send-page.ts';
import type { IdpDb } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { formField, readForm } from '../interaction/form.ts';
import type { ResolvedOptions } from '../options.ts';
import type { EmailFormPage } from '../pages/email-form-page.ts';
import { admitMailRequest } from '../sessions/throttle.ts';
import { answerNotBefore } from './answer-not-before.ts';
import { checkEmail } from './email-rules.ts';
import { checkFormToken, issueFormToken } from './form-token.ts';
import { pageLocale } from './locale.ts';
import { readLinkQuery } from './read.ts';
import type { FormDeps } from './types.ts';

type Site = Pick<ResolvedOptions, 'links' | 'portalUrl'>;
type AddressForm = Pick<
  EmailFormPage,
  'locale' | 'csrfToken' | 'email' | 'problem' | 'waitSeconds'
>;

export interface AddressRequest {
  /** The form asking for the address, blank or showing a refusal. */
  formPage(site: Site, form: AddressForm): string;
  /** The answer after a valid address: the same whether or not it has an account. */
  sentPage(site: Site, locale: Locale): string;
  /** The mail to send, if the address calls for one, inside the request's transaction. */
  send(options: ResolvedOptions, tx: IdpDb, email: string, locale: Locale): Promise<void>;
}

const AddressFormBody = z.object({ csrf: formField, lang: formField, email: formField });

/**
 * A page that asks only for an address and mails a link (a new confirmation link, a forgotten
 * password): CSRF-checked, throttled per client address, and answering the same for any valid
 * address, at the same time, so nobody learns whether it has an account; the mailer keeps to the
 * per-recipient limits.
 */
export function addressRequest(flow: AddressRequest) {
  return {
    show(deps: FormDeps, request: FastifyRequest, reply: FastifyReply) {
      const locale = pageLocale(request, readLinkQuery(request.query).lang);
      const csrfToken = issueFormToken(deps, request, reply);
      return sendPage(reply, 200, flow.formPage(deps.options, { locale, csrfToken, email: '' }));
    },

    async submit(deps: FormDeps, request: FastifyRequest, reply: FastifyReply) {
      const started = performance.now();
      const { options } = deps;
      const form = readForm(AddressFormBody, request.body);
      checkFormToken(deps, request, form.csrf);
      const locale = pageLocale(request, form.lang);
      const email = form.email.trim().slice(0, 254);
      const refuse = (status: number, refusal: Pick<AddressForm, 'problem' | 'waitSeconds'>) => {
        const csrfToken = issueFormToken(deps, request, reply);
        const page = flow.formPage(options, { locale, csrfToken, email, ...refusal });
        const wait = refusal.waitSeconds;
        return sendPage(reply, status, page, wait ? { 'retry-after': String(wait) } : {});
      };

      const checked = checkEmail(form.email);
      if ('problem' in checked) return refuse(400, { problem: checked.problem });
      const waitSeconds = await admitMailRequest(options.db, request.ip, options.throttle);
      if (waitSeconds > 0) return refuse(429, { waitSeconds });

      await options.db.transaction((tx) => flow.send(options, tx, checked.email, locale));
      await answerNotBefore(started);
      return sendPage(reply, 200, flow.sentPage(options, locale));
    },
  };
}
