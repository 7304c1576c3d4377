import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * Application-initiated actions (`pp_action`, as Keycloak's `kc_action`; decision 0064): the
 * portal names one in its authorization request, the provider runs it on its own pages after
 * sign-in, then finishes the authorization as usual. Unknown values are ignored.
 */
export const PP_ACTIONS = [
  'configure-totp',
  'remove-totp',
  'new-recovery-codes',
  'add-passkey',
  'remove-passkey',
] as const;
export type PpAction = (typeof PP_ACTIONS)[number];

export const ACTION_PROMPT = 'pp_action';

export function ppActionOf(value: unknown): PpAction | undefined {
  return PP_ACTIONS.find((action) => action === value);
}

/** What an action's interaction leaves in its result, so the prompt is not asked again. */
export interface ActionResult {
  ppAction: { action: PpAction; outcome: 'done' | 'cancelled' };
}

/**
 * oidc-provider's policy with a prompt of our own after its own: requested when the
 * authorization names a known `pp_action` that this authorization has not run yet.
 */
export function actionPolicy() {
  const { Check, Prompt, base } = interactionPolicy;
  const policy = base();
  policy.add(
    new Prompt(
      { name: ACTION_PROMPT, requestable: false },
      (ctx: KoaContextWithOIDC) => ({ action: ppActionOf(ctx.oidc.params?.['pp_action']) }),
      new Check('pp_action', 'the portal asked for an account action', (ctx) => {
        const action = ppActionOf(ctx.oidc.params?.['pp_action']);
        if (!action) return Check.NO_NEED_TO_PROMPT;
        const result: unknown = ctx.oidc.result;
        const done =
          typeof result === 'object' &&
          result !== null &&
          'ppAction' in result &&
          !!result.ppAction;
        return done ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
      }),
    ),
  );
  return policy;
}
