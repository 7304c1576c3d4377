import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdSchema, LANGUAGES, LinkSecretSchema, type Language } from '@pp/contract';
import { ASSETS_DIR, STYLESHEET_PATH } from '@pp/idp';
import { languageOf } from '../../lib/http/language.ts';
import {
  confirmationState,
  confirmSubscription,
  type ConfirmOutcome,
} from '../../lib/preferences/double-opt-in.ts';
import { unsubscribe } from '../../lib/preferences/unsubscribe.ts';
import {
  CONFIRM_PATH,
  isUnsubscribeSignature,
  UNSUBSCRIBE_PATH,
} from '../../lib/preferences/unsubscribe-link.ts';
import {
  isOneClick,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  parseOneClickBodies,
} from './one-click-body.ts';
import { legalLinksOf, newsletterPage, type NewsletterPage } from './page.ts';
import { NEWSLETTER_PAGE_TEXTS } from './texts.ts';

const Lang = z.object({ lang: z.enum(LANGUAGES).optional() });
const ConfirmQuery = z.object({ token: LinkSecretSchema });
const UnsubscribeQuery = z.object({
  // A customer id; one the CRM made is any GUID (`IdSchema`).
  c: IdSchema,
  k: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8}$/)
    .optional(),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const CONFIRM_STATUS: Record<ConfirmOutcome, number> = {
  confirmed: 200,
  used: 409,
  expired: 410,
  invalid: 404,
};

/** The link's language (`lang`), else the browser's. */
function languageOfLink(request: FastifyRequest): Language {
  return Lang.safeParse(request.query).data?.lang ?? languageOf(request);
}

function send(reply: FastifyReply, status: number, page: Omit<NewsletterPage, 'links'>) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(newsletterPage({ ...page, links: legalLinksOf(reply.server.config) }));
}

/**
 * The pages of the newsletter mails' links (decision 0077), public and server-rendered: a GET
 * only shows a button, its POST confirms or withdraws. `POST /newsletter/unsubscribe` with
 * `List-Unsubscribe=One-Click` is RFC 8058's one-click unsubscription: no session, no CSRF token
 * (the signature is the authority), idempotent.
 */
export async function newsletterPagesPlugin(app: FastifyInstance): Promise<void> {
  parseOneClickBodies(app);
  const stylesheet = await readFile(path.join(ASSETS_DIR, 'styles.css'));
  app.get(STYLESHEET_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stylesheet),
  );

  const next = (language: Language) => ({
    href: new URL('/newsletter', app.config.publicUrl).href,
    label: NEWSLETTER_PAGE_TEXTS[language].toPreferences,
  });

  app.get(CONFIRM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const language = languageOfLink(request);
    const t = NEWSLETTER_PAGE_TEXTS[language];
    const query = ConfirmQuery.safeParse(request.query);
    const state = query.success ? await confirmationState(app.db, query.data.token) : 'invalid';
    if (state !== 'open') {
      return send(reply, CONFIRM_STATUS[state], { language, ...t[state], next: next(language) });
    }
    return send(reply, 200, {
      language,
      ...t.confirm,
      form: { action: request.url, button: t.confirm.button, fields: {} },
    });
  });

  app.post(CONFIRM_PATH, { schema: { hide: true } }, async (request, reply) => {
    const language = languageOfLink(request);
    const query = ConfirmQuery.safeParse(request.query);
    const outcome = query.success ? await confirmSubscription(app.db, query.data.token) : 'invalid';
    const t = NEWSLETTER_PAGE_TEXTS[language];
    return send(reply, CONFIRM_STATUS[outcome], { language, ...t[outcome], next: next(language) });
  });

  const signed = (request: FastifyRequest) => {
    const query = UnsubscribeQuery.safeParse(request.query);
    if (!query.success) return undefined;
    const { c, k, s } = query.data;
    const link = { customerId: c, keyId: k, signature: s };
    return isUnsubscribeSignature(app.newsletterLinkKeys, link) ? c : undefined;
  };

  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, (request, reply) => {
    const language = languageOfLink(request);
    const t = NEWSLETTER_PAGE_TEXTS[language];
    if (signed(request) === undefined) {
      return send(reply, 403, { language, ...t.forged, next: next(language) });
    }
    return send(reply, 200, {
      language,
      ...t.unsubscribe,
      form: {
        action: request.url,
        button: t.unsubscribe.button,
        fields: { [ONE_CLICK_FIELD]: ONE_CLICK_VALUE },
      },
    });
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const language = languageOfLink(request);
    const t = NEWSLETTER_PAGE_TEXTS[language];
    const customerId = signed(request);
    if (customerId === undefined) {
      return send(reply, 403, { language, ...t.forged, next: next(language) });
    }
    if (!isOneClick(request.body)) {
      return send(reply, 400, { language, ...t.invalid, next: next(language) });
    }
    await unsubscribe(app.db, customerId.toLowerCase(), language);
    return send(reply, 200, { language, ...t.unsubscribed, next: next(language) });
  });
}
