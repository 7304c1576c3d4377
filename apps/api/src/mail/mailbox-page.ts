import { escapeHtml } from './render.ts';

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  language: string;
  template: string;
  status: string;
  links: string[];
  headers: Record<string, string>;
  createdAt: string;
  text: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;line-height:1.5}
ol{list-style:none;padding:0}article{border:1px solid #767676;border-radius:.5rem;padding:1rem;margin:1rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:bold}dd{margin:0}
pre{white-space:pre-wrap;background:#f2f2f2;padding:.75rem}a{color:#0645ad;word-break:break-all}`;

function mailHtml(mail: MailboxEntry): string {
  const e = escapeHtml;
  const heading = `mail-${e(mail.id)}`;
  const links =
    mail.links.length === 0
      ? 'none'
      : `<ul>${mail.links.map((link) => `<li><a href="${e(link)}">${e(link)}</a></li>`).join('')}</ul>`;
  return `<li><article aria-labelledby="${heading}">
<h2 id="${heading}">${e(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${e(mail.to)}</dd>
<dt>Written</dt><dd><time datetime="${e(mail.createdAt)}">${e(mail.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></dd>
<dt>Language</dt><dd>${e(mail.language)}</dd>
<dt>Template</dt><dd>${e(mail.template)}</dd>
<dt>Status</dt><dd>${e(mail.status)}</dd>
<dt>Links</dt><dd>${links}</dd>
</dl>
<h3>Text</h3>
<pre>${e(mail.text)}</pre>
</article></li>`;
}

/** The development mailbox as one self-contained page: no scripts, no external resources. */
export function mailboxPage(mails: MailboxEntry[]): string {
  const list =
    mails.length === 0
      ? '<p>The outbox is empty.</p>'
      : `<p>${mails.length} ${mails.length === 1 ? 'mail' : 'mails'}, newest first.</p>\n<ol>\n${mails.map(mailHtml).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · Practice Portal</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
${list}
</main>
</body>
</html>
`;
}
