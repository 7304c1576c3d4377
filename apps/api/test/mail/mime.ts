/**
 * Just enough MIME to read what nodemailer writes (mailparser cannot be installed here):
 * unfolded headers, RFC 2047 encoded words, multipart/alternative, quoted-printable and base64.
 */
export interface ParsedMessage {
  headers: Map<string, string>;
  messageId: string | undefined;
  subject: string | undefined;
  text: string | undefined;
  html: string | undefined;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const head = end < 0 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : raw.slice(end + 4) };
}

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const soft = text.replace(/=\r\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes runs of encoded words together, since a character may span two of them. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=\s*)+/g, (run) => {
      const words = [...run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)];
      const bytes = words.map(([, encoding, data = '']) =>
        encoding?.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : quotedPrintable(data.replace(/_/g, ' ')),
      );
      return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
    })
    .trim();
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  const body = part.body.replace(/\r\n$/, '');
  const decoded =
    encoding === 'quoted-printable'
      ? quotedPrintable(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return decoded.replace(/\r\n/g, '\n');
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1, -1);
  return sections.flatMap((section) => leaves(splitPart(section.replace(/^\r\n/, ''))));
}

export function parseMessage(raw: string): ParsedMessage {
  const message = splitPart(raw);
  const bodyOf = (mime: string) => {
    const part = leaves(message).find((p) =>
      (p.headers.get('content-type') ?? '').startsWith(mime),
    );
    return part ? decodeBody(part) : undefined;
  };
  const subject = message.headers.get('subject');
  return {
    headers: message.headers,
    messageId: message.headers.get('message-id'),
    subject: subject === undefined ? undefined : decodeWords(subject),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
  };
}
