import { defangAddresses } from '@pp/contract';

export type MailLanguage = 'de' | 'en';

/** A paragraph of text, or a link we generated with the label it is shown under. */
export type MailBlock = string | { link: URL; label: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** A template: its content in each language, from its typed parameters. */
export type MailTemplate<P> = Record<MailLanguage, (params: P) => MailContent>;

const LAYOUT: Record<MailLanguage, { greeting: string; closing: string[] }> = {
  de: {
    greeting: 'Guten Tag,',
    closing: [
      'Mit freundlichen Grüßen\nIhr Praxisportal',
      'Diese E-Mail wurde automatisch versendet. Bitte antworten Sie nicht darauf.',
    ],
  },
  en: {
    greeting: 'Hello,',
    closing: [
      'Kind regards\nYour Practice Portal',
      'This e-mail was sent automatically. Please do not reply to it.',
    ],
  },
};

const USER_TEXT_MAX = 120;

/**
 * Text a user typed (names of people and practices): one line, no control characters, short, and
 * with anything a mail client would link defanged (`evil[.]example`, decision 0049), so nobody can
 * use our mails to carry a message or a link of their own.
 */
export function userText(value: string): string {
  const line = oneLine(value);
  return defangAddresses(
    line.length > USER_TEXT_MAX ? `${line.slice(0, USER_TEXT_MAX - 1)}…` : line,
  );
}

function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function assertLink(link: URL, origins: readonly string[]): string {
  if (!origins.includes(link.origin)) {
    throw new Error(`A mail may only carry links to ${origins.join(', ')}, not to ${link.origin}`);
  }
  return link.href;
}

/** Lays the content out as text and HTML; every piece of text is escaped in the HTML. */
export function renderMail(
  content: MailContent,
  language: MailLanguage,
  linkOrigins: readonly string[],
): RenderedMail {
  const layout = LAYOUT[language];
  const blocks: MailBlock[] = [layout.greeting, ...content.blocks, ...layout.closing];
  const links: string[] = [];
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if (typeof block === 'string') {
      text.push(block);
      html.push(`<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`);
    } else {
      const href = assertLink(block.link, linkOrigins);
      links.push(href);
      text.push(`${block.label}:\n${href}`);
      html.push(`<p><a href="${escapeHtml(href)}">${escapeHtml(block.label)}</a></p>`);
    }
  }
  const subject = oneLine(content.subject);
  return {
    subject,
    text: `${text.join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      `<html lang="${language}">`,
      '<head><meta charset="utf-8">',
      `<title>${escapeHtml(subject)}</title></head>`,
      '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a;">',
      ...html,
      '</body>',
      '</html>',
      '',
    ].join('\n'),
    links,
  };
}
