import type { AccountAction } from '@pp/contract';
import { useAuth } from './auth-context.ts';
import { useWebConfiguration } from './web-configuration.ts';

// Only the security page and the "second factor required" panel import this, both lazy: the
// first screen stays as it was (its budget, scripts/check-bundle-size.mjs).

/** What an action names besides itself: the passkey `remove-passkey` removes (`pp_passkey`). */
export interface AccountActionOptions {
  passkey?: string | undefined;
}

export interface AccountActions {
  /** The provider's own page of the person's sign-in methods, or null when none is known. */
  pageUrl: string | null;
  /** Whether the provider runs this action (the configuration names its parameters). */
  offers(action: AccountAction): boolean;
  /** Runs the action at the provider, back at `returnTo` (default: the current URL). */
  run(action: AccountAction, returnTo?: string, options?: AccountActionOptions): void;
}

/**
 * The account actions of this deployment's provider (decision 0073): the configuration
 * (`/app-config.json`, `accountSecurity`) names the authorize parameters of each, so nothing here
 * tells providers apart. The embedded provider's passkey removal also names the passkey.
 */
export function useAccountActions(): AccountActions {
  const auth = useAuth();
  const { accountSecurity } = useWebConfiguration();
  return {
    pageUrl: accountSecurity.pageUrl,
    offers: (action) => accountSecurity.actions[action] !== undefined,
    run(action, returnTo, options = {}) {
      const parameters = accountSecurity.actions[action];
      if (!parameters) return;
      void auth.runAccountAction(
        options.passkey ? { ...parameters, pp_passkey: options.passkey } : parameters,
        returnTo,
      );
    },
  };
}
