import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * Application-initiated actions (`pp_action`, as Keycloak's `kc_action`; decision 0064): the
 * portal names one in its authorization request, the provider runs it on its own pages after
 * sign-in, then finishes the authorization as usual. Unknown values are ignored.
 */
export const PP_ACTIONS = [
  'step-up',
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
 * What a sign-in leaves in its result when the account must set up a second factor first (a
 * practice requires one, decision 0074): the provider then runs the step-up (set up, then prove
 * it) as if the portal had asked for it, as Keycloak runs a required action.
 */
export interface RequiredActionResult {
  requiredAction: { action: 'step-up'; practice: string };
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** The action a sign-in's result requires, with the practice that requires it. */
export function requiredActionOf(
  result: unknown,
): RequiredActionResult['requiredAction'] | undefined {
  const required = field(result, 'requiredAction');
  const practice = field(required, 'practice');
  return field(required, 'action') === 'step-up' && typeof practice === 'string'
    ? { action: 'step-up', practice }
    : undefined;
}

/** The action an authorization runs: the portal's `pp_action`, else one its sign-in requires. */
export function actionOfAuthorization(params: unknown, result: unknown): PpAction | undefined {
  return ppActionOf(field(params, 'pp_action')) ?? requiredActionOf(result)?.action;
}

/**
 * oidc-provider's policy with a prompt of our own after its own: requested when the
 * authorization names a known `pp_action`, or its sign-in requires one, that this authorization
 * has not run yet.
 */
export function actionPolicy() {
  const { Check, Prompt, base } = interactionPolicy;
  const policy = base();
  // A session whose sign-in no longer counts (`countsForAccount`) has an account id but no
  // account: it signs in again, or gets `login_required` without a page.
  const voidSession = new Check(
    'void_session',
    'the session no longer counts for its account',
    'login_required',
    (ctx) =>
      ctx.oidc.session?.accountId && !ctx.oidc.account
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT,
  );
  policy.get('login')?.checks.add(voidSession);
  policy.add(
    new Prompt(
      { name: ACTION_PROMPT, requestable: false },
      (ctx: KoaContextWithOIDC) => ({
        action: actionOfAuthorization(ctx.oidc.params, ctx.oidc.result),
      }),
      new Check('pp_action', 'the portal asked for an account action', (ctx) => {
        const result: unknown = ctx.oidc.result;
        if (!actionOfAuthorization(ctx.oidc.params, result)) return Check.NO_NEED_TO_PROMPT;
        return field(result, 'ppAction') ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
      }),
    ),
  );
  return policy;
}
