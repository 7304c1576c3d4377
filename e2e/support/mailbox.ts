import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';

const Mailbox = z.object({
  mails: z.array(z.object({ to: z.string(), template: z.string(), links: z.array(z.string()) })),
});

/** An address nobody else uses, so mail limits per recipient never carry over between tests. */
export function newVisitorAddress(): string {
  return `e2e-konto-${randomUUID().slice(0, 12)}@example.com`;
}

/**
 * The link to `path` in the newest mail of `template` to `to`, read from the development mailbox
 * (`/dev/mailbox.json`). Mails are written with the change that sends them, so they are there
 * as soon as the page has answered.
 */
export async function linkFromMailbox(
  request: APIRequestContext,
  portalUrl: string,
  to: string,
  template: string,
  path: string,
): Promise<string> {
  const response = await request.get(`${portalUrl}/dev/mailbox.json`, { params: { to } });
  const { mails } = Mailbox.parse(await response.json());
  const mail = mails.find((candidate) => candidate.template === template);
  const link = mail?.links.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`no ${template} mail to ${to} with a link to ${path}`);
  return link;
}
