import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@pp/contract';
import type { LinkKey, LinkKeys } from '../mail-links/link-keys.ts';

/**
 * The signed one-click unsubscribe link (decision 0077, docs/newsletter.md): the portal's own
 * mails carry it, and the operator's newsletter system signs the same link with the shared
 * `NEWSLETTER_LINK_KEY`, naming it by its id (decision 0098). A GET shows a page with a button;
 * a POST (RFC 8058) withdraws.
 */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** The page of a confirmation mail's link: a GET shows a button, its POST confirms. */
export const CONFIRM_PATH = '/newsletter/confirm';

/** HMAC-SHA256 over `newsletter-unsubscribe:<customer id>`, base64url without padding. */
function unsubscribeSignature(secret: string, customerId: string): string {
  return createHmac('sha256', secret)
    .update(`newsletter-unsubscribe:${customerId.toLowerCase()}`)
    .digest('base64url');
}

/** What an unsubscribe link carries: `c`, `k` (absent in links from before key ids) and `s`. */
export interface UnsubscribeLink {
  customerId: string;
  keyId: string | undefined;
  signature: string;
}

/** The key the link names (none for an unknown id), or for a link naming none the configured ones. */
function secretsFor(keys: LinkKeys, keyId: string | undefined): readonly string[] {
  if (keyId === undefined) return keys.withoutId;
  const secret = keys.byId.get(keyId);
  return secret === undefined ? [] : [secret];
}

/** Whether the link's signature is the customer's under one of those keys (constant time). */
export function isUnsubscribeSignature(keys: LinkKeys, link: UnsubscribeLink): boolean {
  const given = Buffer.from(link.signature);
  return secretsFor(keys, link.keyId).some((secret) => {
    const expected = Buffer.from(unsubscribeSignature(secret, link.customerId));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function unsubscribeUrl(
  publicUrl: URL,
  key: LinkKey,
  customerId: string,
  language: Language,
): URL {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('c', customerId);
  url.searchParams.set('k', key.id);
  url.searchParams.set('s', unsubscribeSignature(key.secret, customerId));
  url.searchParams.set('lang', language);
  return url;
}

/** RFC 2369 `List-Unsubscribe` with the RFC 8058 one-click `List-Unsubscribe-Post`. */
export function listUnsubscribeHeaders(url: URL): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url.href}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
