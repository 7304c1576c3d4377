import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../app/send-page.ts';
import { LOCALES, type Locale } from '../i18n/locale.ts';
import { csrfToken } from '../interaction/csrf.ts';
import { interactionLocale, languageCookie } from '../interaction/locale.ts';
import type { Interaction, InteractionDeps } from '../interaction/types.ts';
import { otherLocale, themeOf, type PageLook } from '../pages/look.ts';
import { interactionPath } from '../provider/config.ts';

/** What every page of an interaction's second factor needs. */
export interface PageContext {
  locale: Locale;
  base: string;
  csrfToken: string;
  look: PageLook;
}

/**
 * The page language (as the sign-in page: chosen here, `ui_locales`, the browser's) and look: a
 * `GET ?lang=` of the interaction's page chooses the language for the interaction, and the
 * language switch of every page leads there, as the forms' answers cannot be loaded again.
 */
export function pageContext(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
): PageContext {
  const base = interactionPath(interaction.uid);
  const query: unknown = request.query;
  const asked =
    request.method === 'GET' && query && typeof query === 'object' && 'lang' in query
      ? LOCALES.find((l) => l === query.lang)
      : undefined;
  if (asked) {
    const secure = deps.options.issuer.startsWith('https:');
    void reply.header('set-cookie', languageCookie(interaction.uid, asked, secure));
  }
  const locale = asked ?? interactionLocale(request, interaction);
  return {
    locale,
    base,
    csrfToken: csrfToken(interaction.uid, deps.secrets()[0] ?? ''),
    look: {
      theme: themeOf(interaction.params['pp_theme']),
      languageSwitch: { kind: 'link', href: `${base}?lang=${otherLocale(locale)}` },
    },
  };
}

export function send(
  reply: FastifyReply,
  context: PageContext,
  status: number,
  page: string,
  headers: Record<string, string> = {},
): Sent {
  return sendPage(reply, status, page, headers, context.look);
}
