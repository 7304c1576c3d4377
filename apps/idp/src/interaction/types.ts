import type Provider from 'oidc-provider';
import type { ResolvedOptions } from '../options.ts';

/** What the interaction routes and the flows need of the running provider. */
export interface InteractionDeps {
  options: ResolvedOptions;
  /** The provider for the current keys (a key change builds the next one). */
  provider(): Provider;
  /** Cookie secrets, newest first; the newest also signs the forms' CSRF tokens. */
  secrets(): readonly string[];
}

/** An interaction as oidc-provider loads it for the browser's interaction cookie. */
export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
