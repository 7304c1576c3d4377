import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@pp/contract';

/**
 * The signed one-click unsubscribe link (decision 0077, docs/newsletter.md): the portal's own
 * mails carry it, and the operator's newsletter system signs the same link with the shared
 * `NEWSLETTER_LINK_KEY`. A GET shows a page with a button; a POST (RFC 8058) withdraws.
 */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** The page of a confirmation mail's link: a GET shows a button, its POST confirms. */
export const CONFIRM_PATH = '/newsletter/confirm';

/** HMAC-SHA256 over `newsletter-unsubscribe:<customer id>`, base64url without padding. */
export function unsubscribeSignature(key: string, customerId: string): string {
  return createHmac('sha256', key)
    .update(`newsletter-unsubscribe:${customerId.toLowerCase()}`)
    .digest('base64url');
}

/** Whether `signature` is the customer's, compared in constant time. */
export function isUnsubscribeSignature(key: string, customerId: string, signature: string) {
  const expected = Buffer.from(unsubscribeSignature(key, customerId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(
  publicUrl: URL,
  key: string,
  customerId: string,
  language: Language,
): URL {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('c', customerId);
  url.searchParams.set('s', unsubscribeSignature(key, customerId));
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
