import { messagesFor, type Locale } from '../i18n/locale.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { relyingParty, type RelyingParty } from './ceremony.ts';

/** The provider as the relying party of its passkeys, named after the portal (decision 0071). */
export function rpOf(deps: InteractionDeps, locale: Locale): RelyingParty {
  const { issuer, portalName } = deps.options;
  return relyingParty(issuer, portalName ?? messagesFor(locale).productName);
}
