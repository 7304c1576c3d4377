import type { Sent } from '../app/sent.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PageError } from '../app/error-page.ts';
import { LOCALES } from '../i18n/locale.ts';
import { formField, readForm } from '../interaction/form.ts';
import { interactionLocale, languageCookie } from '../interaction/locale.ts';
import { InteractionParams } from '../interaction/params.ts';
import { postedInteraction } from '../interaction/posted.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { themeOf } from '../pages/look.ts';
import { MAX_EMAIL, noticeOf, returnOf, sendSignIn } from './render.ts';

// The switch posts the whole sign-in form; of it, only the address is kept (never the password).
const LanguageForm = z.object({ csrf: formField, email: formField, lang: formField });

/**
 * `POST /interaction/:uid/language`: the sign-in page again in the chosen language, with the
 * address typed so far. The choice holds for the rest of this interaction (a cookie bound to it).
 */
export async function switchLanguage(
  deps: InteractionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Sent> {
  const { uid } = InteractionParams.parse(request.params);
  const form = readForm(LanguageForm, request.body);
  const interaction = await postedInteraction(deps, request, reply, uid, form.csrf);
  if (interaction.prompt.name !== 'login') throw new PageError(400, 'expired');
  const locale = LOCALES.find((l) => l === form.lang) ?? interactionLocale(request, interaction);
  const secure = deps.options.issuer.startsWith('https:');
  return sendSignIn(deps, reply, {
    status: 200,
    locale,
    uid,
    email: form.email.trim().slice(0, MAX_EMAIL),
    notice: noticeOf(interaction),
    theme: themeOf(interaction.params['pp_theme']),
    returnTo: returnOf(deps, interaction),
    headers: { 'set-cookie': languageCookie(uid, locale, secure) },
  });
}
