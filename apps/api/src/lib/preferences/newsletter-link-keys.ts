import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { generatedKey } from '../mail-links/generated-key.ts';
import { linkKeysOf, type LinkKeys } from '../mail-links/link-keys.ts';

/**
 * The keys of the unsubscribe links (decisions 0077, 0098): `NEWSLETTER_LINK_KEY` signs, else
 * (never in production) a key generated for the database; `NEWSLETTER_LINK_KEYS_PREVIOUS` still
 * verify. Links from before key ids verify with a configured key only, never a generated one.
 */
export async function newsletterLinkKeysOf(
  config: Pick<Config, 'newsletterLinkKey' | 'newsletterLinkKeysPrevious'>,
  db: Executor,
): Promise<LinkKeys> {
  const previous = config.newsletterLinkKeysPrevious;
  const configured = config.newsletterLinkKey;
  if (configured === null) {
    return linkKeysOf(await generatedKey(db, 'newsletter-link'), previous, previous);
  }
  return linkKeysOf(configured, previous, [configured, ...previous]);
}
