import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useApi } from '../support/context.ts';
import { enqueue, newAddress, site } from './fixtures.ts';

const MailboxJson = z.object({
  mails: z.array(
    z.object({
      id: z.uuid(),
      to: z.string(),
      subject: z.string(),
      language: z.enum(['de', 'en']),
      template: z.string(),
      status: z.string(),
      links: z.array(z.url()),
      createdAt: z.iso.datetime(),
      text: z.string(),
    }),
  ),
});

describe('the development mailbox, with the embedded provider on a loopback address', () => {
  const api = useApi({ embeddedProvider: true });

  async function invite(to: string, practiceName: string) {
    const link = new URL(`/invitation?token=${randomUUID()}`, site.publicUrl);
    await enqueue(api.db.database.db, {
      to,
      language: 'en',
      template: 'invitation',
      params: { practiceName, inviterName: 'Anna Sommer', link },
      actorCustomerId: null,
    });
    return link.href;
  }

  it('lists the mails as JSON, newest first, with their links', async () => {
    const to = newAddress('mailbox');
    const older = await invite(to, 'Praxis am Markt');
    const newer = await invite(to, 'Zahnarztpraxis Dr. Sommer');

    const response = await api.app.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { mails } = MailboxJson.parse(response.json());
    expect(mails.map((mail) => mail.links)).toEqual([[newer], [older]]);
    expect(mails[0]).toMatchObject({
      to,
      language: 'en',
      template: 'invitation',
      subject: 'Invitation to the Practice Portal',
    });
    expect(mails[0]?.text).toContain(newer);
  });

  it('shows them on an accessible page without scripts or external resources', async () => {
    const to = newAddress('page');
    const link = await invite(to, '<img src="https://tracker.example/x.gif"> Praxis');

    const response = await api.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<title>Mailbox · Practice Portal</title>');
    expect(page).toContain('<h1>Development mailbox</h1>');
    expect(page).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);
    expect(page).toContain(`<dt>To</dt><dd>${to}</dd>`);
    // Escaped for the page, and defanged in the mail itself (decision 0049).
    expect(page).toContain(
      '&lt;img src=&quot;https[:]//tracker[.]example/x[.]gif&quot;&gt; Praxis',
    );
    expect(page).not.toMatch(/<script|<img|<link|<iframe|\son\w+=/i);
    expect(page).not.toMatch(/<[^>]*\s(src|srcset|style)=/i);
  });
});

describe('the development mailbox, with an external provider', () => {
  const api = useApi();

  it.each(['/dev/mailbox', '/dev/mailbox.json'])('%s does not exist', async (url) => {
    const response = await api.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});
