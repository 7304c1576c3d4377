import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { BadRequestError, isSameOrigin, readForm } from '../http/request.ts';
import type { ResolvedOptions } from '../options.ts';
import { grantFirstParty } from './consent.ts';
import { isValidCsrfToken } from './csrf.ts';
import { interactionLocale, renderError, renderSignIn } from './pages.ts';
import { MAX_EMAIL, signIn } from './sign-in.ts';

export interface InteractionDeps {
  options: ResolvedOptions;
  provider(): Provider;
  /** Cookie secrets, newest first; the newest also signs the forms' CSRF tokens. */
  secrets(): readonly string[];
}

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

async function showInteraction(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
) {
  const { options } = deps;
  const provider = deps.provider();
  if (interaction.prompt.name === 'login') {
    const hint = interaction.params['login_hint'];
    return renderSignIn(res, options, {
      status: 200,
      locale: interactionLocale(req, interaction.params),
      uid: interaction.uid,
      secret: deps.secrets()[0] ?? '',
      email: typeof hint === 'string' ? hint.slice(0, MAX_EMAIL) : '',
    });
  }
  if (
    interaction.prompt.name === 'consent' &&
    interaction.params['client_id'] === options.client.clientId
  ) {
    const result = await grantFirstParty(provider, interaction);
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }
  return renderError(req, res, options, 400, 'generic');
}

/**
 * Our interaction pages: `GET /interaction/:uid` shows the sign-in form, `POST …/login` checks
 * the credentials, `POST …/abort` returns `access_denied` to the portal.
 */
export async function handleInteraction(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: 'show' | 'login' | 'abort',
): Promise<void> {
  const { options } = deps;
  try {
    if (action !== 'show' && !isSameOrigin(req, options.issuer)) {
      return renderError(req, res, options, 403, 'forbidden');
    }
    const form = action === 'show' ? undefined : await readForm(req);
    const interaction = await deps.provider().interactionDetails(req, res);
    if (interaction.uid !== uid) return renderError(req, res, options, 400, 'expired');
    if (!form) return await showInteraction(deps, req, res, interaction);
    if (!isValidCsrfToken(form.get('csrf'), uid, deps.secrets())) {
      return renderError(req, res, options, 403, 'forbidden');
    }
    if (action === 'abort') {
      return await deps
        .provider()
        .interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'End-User aborted interaction' },
          { mergeWithLastSubmission: false },
        );
    }
    if (interaction.prompt.name !== 'login') return renderError(req, res, options, 400, 'expired');
    return await signIn(deps, req, res, interaction, form);
  } catch (error) {
    if (error instanceof errors.SessionNotFound)
      return renderError(req, res, options, 400, 'expired');
    if (error instanceof BadRequestError)
      return renderError(req, res, options, error.status, 'generic');
    options.logger.error({ err: error }, 'interaction failed');
    return renderError(req, res, options, 500, 'generic');
  }
}
