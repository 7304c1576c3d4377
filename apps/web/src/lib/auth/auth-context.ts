import { createContext, useContext } from 'react';
import type { SignOutReason } from './provider-pages.ts';

export interface AuthUser {
  /** The provider's subject. */
  subject: string;
  email: string | undefined;
  name: string | undefined;
}

/**
 * The signed-in session. The app below `AuthProvider` renders only once a user is signed in;
 * until then the provider shows the wait and runs the redirect flows.
 */
export interface Auth {
  user: AuthUser;
  /** The current access token (memory only), or undefined when there is none. */
  getAccessToken(): string | undefined;
  /**
   * A fresh sign-in at the provider that returns to the current URL (path, query, hash);
   * `notice`: why, shown by the provider's sign-in page.
   */
  signIn(notice?: SignOutReason): Promise<void>;
  /**
   * The provider's sign-in page even though a session exists (`prompt=login`), to sign in with
   * another account; returns to the current URL.
   */
  switchAccount(): Promise<void>;
  /**
   * Runs an account action on the provider's pages (after its sign-in if needed), given by the
   * authorize parameters the configuration names for it (`accountSecurity.actions`, see
   * account-actions.ts); the authorization then ends as usual, back at `returnTo` (default: the
   * current URL), with tokens that say how the person signed in now.
   */
  runAccountAction(parameters: Record<string, string>, returnTo?: string): Promise<void>;
  /**
   * Ends the session here, in the browser's other tabs of the portal and at the provider, whose
   * sign-in page then says why (`idle`: after the idle timeout; by default the user's choice).
   * `providerSessionEnded`: the provider's sessions were ended already (signed out everywhere),
   * so the browser goes straight to the sign-in page.
   */
  signOut(reason?: SignOutReason, options?: { providerSessionEnded?: boolean }): Promise<void>;
}

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider above it');
  return auth;
}
