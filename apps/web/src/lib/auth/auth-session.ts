import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import type { WebConfiguration } from '@pp/contract';
import { providerPageParameters, type SignOutReason } from './provider-pages.ts';
import {
  currentLocation,
  isSignInCallback,
  isSignOutCallback,
  needsInteraction,
  parseSignInState,
  type SignInState,
} from './sign-in-state.ts';
import { keepRenewing } from './token-renewal.ts';
import { createUserManager, requestParameters } from './user-manager.ts';
import { loadWebConfiguration } from './load-configuration.ts';

export type { SignOutReason } from './provider-pages.ts';

export type SessionStatus =
  | { kind: 'starting' }
  | { kind: 'signed-in'; user: User }
  | { kind: 'signing-out' }
  /** `cancelled`: the user chose "Cancel" on the provider's page (`access_denied`). */
  | { kind: 'failed'; cancelled: boolean };

/**
 * The portal's tabs in this browser share one provider session: a sign-out in one is posted here
 * and ends the others at once (decision 0038). Nothing is stored: docs/product.md §2 allows no more
 * keys.
 */
const CHANNEL_NAME = 'pp.session';
const SIGN_OUT_REASONS: readonly unknown[] = [
  'signed-out',
  'idle',
  'account-deleted',
  'ended-elsewhere',
];

interface SignedOutMessage {
  kind: 'signed-out';
  reason: SignOutReason;
}

/** Posted by the signing-out tab once the provider has ended the session. */
interface ProviderSignedOutMessage {
  kind: 'provider-signed-out';
}

/**
 * How long the other tabs wait for the provider to end the session before they ask it for the
 * sign-in page: a request of theirs in the middle of the sign-out made it fail (the provider's
 * session, saved by both, lost the sign-out's check) and the session lived on.
 */
const PROVIDER_SIGN_OUT_WAIT_MS = 5_000;

/** The reason of a message from another tab or of a sign-out's returned state, if it is one. */
function signOutReasonOf(value: unknown): SignOutReason | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { reason } = value as Record<string, unknown>;
  return SIGN_OUT_REASONS.includes(reason) ? (reason as SignOutReason) : undefined;
}

interface RedirectOptions {
  /** `none`: check the provider session without a page; `login`: the page even with a session. */
  prompt?: 'none' | 'login';
  /** An account action the provider runs on its pages: its authorize parameters. */
  action?: Record<string, string> | undefined;
  /** Shown by the provider's page (`pp_notice`); never on a `prompt=none` request. */
  notice?: SignOutReason | undefined;
}

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
  #channel: BroadcastChannel | undefined;
  /** Whether the signing-out tab said the provider has ended the session; who waits for it. */
  #providerSignedOut = false;
  readonly #providerSignOutWaiters = new Set<() => void>();
  /** A sign-out posted by another tab while this one was still starting. */
  #signedOutElsewhere: SignOutReason | undefined;
  #stopRenewing: (() => void) | undefined;

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

  /** A fresh sign-in that returns here (the api refused the token); `notice`: why, if known. */
  readonly signIn = (notice?: SignOutReason): Promise<void> => this.#forcedSignIn(notice);

  /** `notice`: why the session is over (the provider refused to renew, the api said so). */
  async #forcedSignIn(notice?: SignOutReason): Promise<void> {
    // A request still in flight when the user signed out is refused: the sign-out goes on.
    if (this.#status.kind === 'signing-out') return;
    if (
      this.#forcedSignInAt !== undefined &&
      Date.now() - this.#forcedSignInAt < FORCED_SIGN_IN_GUARD_MS
    ) {
      this.#set({ kind: 'failed', cancelled: false });
      return;
    }
    await this.#redirect(
      { returnTo: currentLocation(), step: 'interactive', forced: true },
      { notice },
    ).catch((error: unknown) => this.#fail(error));
  }

  /** Another account: the sign-in page even with a session, back to this address afterwards. */
  readonly switchAccount = async (): Promise<void> => {
    await this.#redirect(
      { returnTo: currentLocation(), step: 'interactive' },
      { prompt: 'login' },
    ).catch((error: unknown) => this.#fail(error));
  };

  /**
   * An account action at the provider, given by its authorize parameters (the configuration's
   * `accountSecurity`, decision 0073), back to `returnTo` afterwards.
   */
  readonly runAccountAction = async (
    action: Record<string, string>,
    returnTo: string = currentLocation(),
  ): Promise<void> => {
    await this.#redirect({ returnTo, step: 'interactive' }, { action }).catch((error: unknown) =>
      this.#fail(error),
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

  /**
   * Ends the session at the provider, which then sends the browser back to the portal and on to
   * the sign-in page that says why. The other tabs of this browser follow at once.
   */
  readonly signOut = async (
    reason: SignOutReason = 'signed-out',
    options: { providerSessionEnded?: boolean } = {},
  ): Promise<void> => {
    const manager = this.#manager;
    if (!manager || this.#status.kind === 'signing-out') return;
    this.#set({ kind: 'signing-out' });
    this.#channel?.postMessage({ kind: 'signed-out', reason } satisfies SignedOutMessage);
    if (options.providerSessionEnded) {
      // Signed out everywhere (decision 0068): the provider has no session left to end, so its
      // sign-out page would only ask. The other tabs need not wait; on to the sign-in page.
      this.#channel?.postMessage({
        kind: 'provider-signed-out',
      } satisfies ProviderSignedOutMessage);
      this.#stopRenewing?.();
      await manager.removeUser();
      await this.#redirect(
        { returnTo: '/', step: 'interactive' },
        { prompt: 'login', notice: reason },
      ).catch((error: unknown) => this.#fail(error));
      return;
    }
    // The provider's refresh tokens end with its session: no revocation request is needed. The
    // reason travels in the request's state (sessionStorage, removed on the way back).
    await manager
      .signoutRedirect({
        state: { reason },
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
      this.#listenToOtherTabs();
      await manager.clearStaleState();
      const url = new URL(window.location.href);
      if (isSignOutCallback(url)) await this.#finishSignOut(manager, url);
      const user = isSignInCallback(url)
        ? await this.#finishRedirect(manager, url)
        : await this.#resume(manager, config.oidc.issuer);
      manager.events.addUserLoaded((renewed) => {
        if (this.#status.kind === 'signed-in') this.#set({ kind: 'signed-in', user: renewed });
      });
      this.#stopRenewing = keepRenewing(
        manager,
        requestParameters(config).token,
        () => void this.#forcedSignIn('signed-out'),
        () => this.#authorizeParameters(),
      );
      this.#set({ kind: 'signed-in', user });
      const elsewhere = this.#signedOutElsewhere;
      if (elsewhere) await this.#endSignedOutElsewhere(elsewhere);
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * Back from the provider's sign-out: on to its sign-in page, which says why (`pp_notice`). A
   * `state` this tab did not send is an ordinary visit.
   */
  async #finishSignOut(manager: UserManager, url: URL): Promise<void> {
    const response = await manager.signoutRedirectCallback(url.href).catch(() => undefined);
    if (!response) return;
    this.#channel?.postMessage({ kind: 'provider-signed-out' } satisfies ProviderSignedOutMessage);
    window.history.replaceState(null, '', '/');
    await this.#redirect(
      { returnTo: '/', step: 'interactive' },
      { notice: signOutReasonOf(response.userState) },
    );
  }

  #listenToOtherTabs(): void {
    if (!('BroadcastChannel' in window)) return;
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data === 'object' && data !== null && 'kind' in data) {
        if (data.kind === 'provider-signed-out') {
          this.#providerSignedOut = true;
          for (const done of this.#providerSignOutWaiters) done();
          return;
        }
      }
      const reason =
        typeof data === 'object' && data !== null && 'kind' in data && data.kind === 'signed-out'
          ? signOutReasonOf(data)
          : undefined;
      if (!reason) return;
      if (this.#status.kind === 'signed-in') void this.#endSignedOutElsewhere(reason);
      else if (this.#status.kind === 'starting') this.#signedOutElsewhere = reason;
    };
    this.#channel = channel;
  }

  /**
   * Another tab signed out: the person's data goes at once (the app unmounts), then the sign-in
   * page, once the provider has ended the session (or the wait is over).
   */
  async #endSignedOutElsewhere(reason: SignOutReason): Promise<void> {
    this.#set({ kind: 'signing-out' });
    this.#stopRenewing?.();
    await this.#manager?.removeUser();
    await this.#providerSignOutFinished();
    await this.#redirect(
      { returnTo: currentLocation(), step: 'interactive' },
      { prompt: 'login', notice: reason },
    ).catch((error: unknown) => this.#fail(error));
  }

  /** Resolves when the signing-out tab says the provider is done, or after a few seconds. */
  #providerSignOutFinished(): Promise<void> {
    if (this.#providerSignedOut) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#providerSignOutWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, PROVIDER_SIGN_OUT_WAIT_MS);
      this.#providerSignOutWaiters.add(done);
    });
  }

  /** The authorize request's extra parameters: the provider profile's and the portal's own. */
  #authorizeParameters(notice?: SignOutReason): Record<string, string> {
    const configured = this.#configuration ? requestParameters(this.#configuration).authorize : {};
    return { ...configured, ...providerPageParameters(notice) };
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
      // Also "Cancel" on the provider's page (`access_denied`), which #fail tells apart.
      throw error;
    }
  }

  /** A new page (first visit or reload): the tokens are gone, the provider session may not be. */
  async #resume(manager: UserManager, issuer: string): Promise<User> {
    const returnTo = currentLocation();
    try {
      const user = await manager.signinSilent({
        ui_locales: this.language(),
        extraQueryParams: this.#authorizeParameters(),
      });
      if (user) return user;
      throw new Error('silent sign-in returned no user');
    } catch (error) {
      const noSession =
        error instanceof ErrorResponse &&
        needsInteraction(error.error ?? '') &&
        frameSeesProviderSession(issuer);
      return noSession
        ? this.#redirect({ returnTo, step: 'interactive' })
        : this.#redirect({ returnTo, step: 'prompt-none' }, { prompt: 'none' });
    }
  }

  /** Sends the browser to the provider; concurrent callers share one redirect. */
  #redirect(state: SignInState, { prompt, notice, action }: RedirectOptions = {}): Promise<never> {
    const manager = this.#manager;
    if (!manager) return Promise.reject(new Error('sign-in has not started'));
    // A tab on its way out keeps saying so.
    if (this.#status.kind !== 'signing-out') this.#set({ kind: 'starting' });
    return (this.#redirecting ??= (async () => {
      await manager.signinRedirect({
        state,
        ui_locales: this.language(),
        redirectMethod: 'replace',
        extraQueryParams: {
          ...this.#authorizeParameters(prompt === 'none' ? undefined : notice),
          // Where a registration from the sign-in page returns to after the confirmation mail
          // (decision 0058); the provider accepts only a path of the portal's own.
          ...(state.returnTo === '/' ? {} : { pp_return: state.returnTo }),
          ...action,
        },
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
    const cancelled = error instanceof ErrorResponse && error.error === 'access_denied';
    // The message of a provider error is its `error_description`; tokens never appear in it.
    if (!cancelled)
      console.error('sign-in failed:', error instanceof Error ? error.message : error);
    this.#set({ kind: 'failed', cancelled });
  }

  #set(status: SessionStatus): void {
    this.#status = status;
    this.#listeners.forEach((listener) => listener());
  }
}
