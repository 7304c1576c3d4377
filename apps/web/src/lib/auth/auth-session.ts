import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import type { WebConfiguration } from '@pp/contract';
import {
  currentLocation,
  isSignInCallback,
  needsInteraction,
  parseSignInState,
  type SignInState,
} from './sign-in-state.ts';
import { keepRenewing } from './token-renewal.ts';
import { createUserManager, requestParameters } from './user-manager.ts';
import { loadWebConfiguration } from './load-configuration.ts';

export type SessionStatus =
  | { kind: 'starting' }
  | { kind: 'signed-in'; user: User }
  | { kind: 'signing-out' }
  | { kind: 'failed' };

/** A sign-in forced by a 401 that meets another refusal this soon shows the failure instead. */
const FORCED_SIGN_IN_GUARD_MS = 60_000;

/**
 * A hidden frame sees the provider's cookies only when the provider is on the portal's site
 * (same scheme and host; ports do not count). Elsewhere its "login_required" proves nothing.
 */
function frameSeesProviderSession(issuer: string): boolean {
  const provider = new URL(issuer);
  return (
    provider.protocol === window.location.protocol && provider.hostname === window.location.hostname
  );
}

/**
 * The browser's side of sign-in, outside React, and part of the first visit's light entry
 * (decision 0034): nothing here may import React, i18next or zod. Every automatic redirect is one step further
 * along hidden frame → top-level `prompt=none` → sign-in page, and the step travels in the
 * request's state, so no answer can start the same round again.
 */
export class AuthSession {
  #status: SessionStatus = { kind: 'starting' };
  readonly #listeners = new Set<() => void>();
  #manager: UserManager | undefined;
  #configuration: WebConfiguration | undefined;
  #started: Promise<void> | undefined;
  #redirecting: Promise<never> | undefined;
  #forcedSignInAt: number | undefined;

  /** `language`: the interface language, passed to the provider's pages as `ui_locales`. */
  constructor(private language: () => string) {}

  /** From now on the interface's language (once i18next is loaded) goes to the provider. */
  followLanguage(language: () => string): void {
    this.language = language;
  }

  readonly status = (): SessionStatus => this.#status;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The deployment's configuration, loaded once per page before sign-in. */
  readonly configuration = (): WebConfiguration | undefined => this.#configuration;

  readonly accessToken = (): string | undefined =>
    this.#status.kind === 'signed-in' ? this.#status.user.access_token : undefined;

  /** Runs once per page, however often React mounts the provider. */
  start(): Promise<void> {
    return (this.#started ??= this.#start());
  }

  /** A fresh sign-in that returns here (the api refused the token). */
  readonly signIn = async (): Promise<void> => {
    if (
      this.#forcedSignInAt !== undefined &&
      Date.now() - this.#forcedSignInAt < FORCED_SIGN_IN_GUARD_MS
    ) {
      this.#set({ kind: 'failed' });
      return;
    }
    await this.#redirect({ returnTo: currentLocation(), step: 'interactive', forced: true }).catch(
      (error: unknown) => this.#fail(error),
    );
  };

  /** The user asked to try again: no guard, and a page that never started starts over. */
  readonly retry = async (): Promise<void> => {
    if (!this.#manager) {
      window.location.reload();
      return;
    }
    await this.#redirect({ returnTo: currentLocation(), step: 'interactive' }).catch(
      (error: unknown) => this.#fail(error),
    );
  };

  /** Ends the session at the provider, which then sends the browser back to the portal. */
  readonly signOut = async (): Promise<void> => {
    const manager = this.#manager;
    if (!manager) return;
    this.#set({ kind: 'signing-out' });
    // The provider's refresh tokens end with its session: no revocation request is needed.
    await manager
      .signoutRedirect({
        extraQueryParams: { ui_locales: this.language() },
        redirectMethod: 'replace',
      })
      .catch((error: unknown) => this.#fail(error));
  };

  async #start(): Promise<void> {
    try {
      const config = await loadWebConfiguration();
      this.#configuration = config;
      const manager = createUserManager(config, window.location.origin);
      this.#manager = manager;
      await manager.clearStaleState();
      const url = new URL(window.location.href);
      const user = isSignInCallback(url)
        ? await this.#finishRedirect(manager, url)
        : await this.#resume(manager, config.oidc.issuer);
      manager.events.addUserLoaded((renewed) => this.#set({ kind: 'signed-in', user: renewed }));
      keepRenewing(manager, requestParameters(config).token, () => void this.signIn());
      this.#set({ kind: 'signed-in', user });
    } catch (error) {
      this.#fail(error);
    }
  }

  /** The answer of a top-level request: signed in, one step further, or a failure. */
  async #finishRedirect(manager: UserManager, url: URL): Promise<User> {
    try {
      const user = await manager.signinRedirectCallback(url.href);
      const state = parseSignInState(user.state);
      window.history.replaceState(null, '', state?.returnTo ?? '/');
      if (state?.forced) this.#forcedSignInAt = Date.now();
      return user;
    } catch (error) {
      const state = error instanceof ErrorResponse ? parseSignInState(error.state) : undefined;
      window.history.replaceState(null, '', state?.returnTo ?? '/');
      if (
        state?.step === 'prompt-none' &&
        error instanceof ErrorResponse &&
        needsInteraction(error.error ?? '')
      ) {
        return this.#redirect({ returnTo: state.returnTo, step: 'interactive' });
      }
      throw error;
    }
  }

  /** A new page (first visit or reload): the tokens are gone, the provider session may not be. */
  async #resume(manager: UserManager, issuer: string): Promise<User> {
    const returnTo = currentLocation();
    try {
      const user = await manager.signinSilent({ ui_locales: this.language() });
      if (user) return user;
      throw new Error('silent sign-in returned no user');
    } catch (error) {
      const noSession =
        error instanceof ErrorResponse &&
        needsInteraction(error.error ?? '') &&
        frameSeesProviderSession(issuer);
      return noSession
        ? this.#redirect({ returnTo, step: 'interactive' })
        : this.#redirect({ returnTo, step: 'prompt-none' }, 'none');
    }
  }

  /** Sends the browser to the provider; concurrent callers share one redirect. */
  #redirect(state: SignInState, prompt?: 'none'): Promise<never> {
    const manager = this.#manager;
    if (!manager) return Promise.reject(new Error('sign-in has not started'));
    this.#set({ kind: 'starting' });
    return (this.#redirecting ??= (async () => {
      await manager.signinRedirect({
        state,
        ui_locales: this.language(),
        redirectMethod: 'replace',
        ...(prompt ? { prompt } : {}),
      });
      // Reached only when the browser shows this page again from its back-forward cache.
      window.location.reload();
      return new Promise<never>(() => undefined);
    })().finally(() => {
      this.#redirecting = undefined;
    }));
  }

  #fail(error: unknown): void {
    // The message of a provider error is its `error_description`; tokens never appear in it.
    console.error('sign-in failed:', error instanceof Error ? error.message : error);
    this.#set({ kind: 'failed' });
  }

  #set(status: SessionStatus): void {
    this.#status = status;
    this.#listeners.forEach((listener) => listener());
  }
}
