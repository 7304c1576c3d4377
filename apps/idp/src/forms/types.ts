import type { ResolvedOptions } from '../options.ts';

/** What the pages outside an interaction (registration, password reset) need of the provider. */
export interface FormDeps {
  options: ResolvedOptions;
  /** Cookie secrets, newest first; the newest also signs the forms' CSRF tokens. */
  secrets(): readonly string[];
}
