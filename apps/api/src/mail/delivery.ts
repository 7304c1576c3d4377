import nodemailer from 'nodemailer';

export interface OutboxMail {
  id: string;
  messageId: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** The mail's own header fields (e.g. `List-Unsubscribe`, decision 0077). */
  headers: Record<string, string>;
  attempts: number;
}

export interface SmtpSender {
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

/** A hung server costs at most these; the worker renews its claim meanwhile. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The sender's address when none is configured: no-reply at the portal's host. */
function defaultFrom(messageId: string): string {
  const host = messageId.slice(messageId.lastIndexOf('@') + 1, -1);
  return `"Praxisportal" <no-reply@${host}>`;
}

/** Sends outbox mails over SMTP (SMTP_URL), each under its stored Message-ID. */
export function createSmtpSender(smtpUrl: string, from?: string): SmtpSender {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({
        from: from ?? defaultFrom(mail.messageId),
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        messageId: mail.messageId,
        // RFC 3834: no out-of-office replies to a robot.
        headers: { ...mail.headers, 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
}

/**
 * What a failed attempt tells us, without the addresses an SMTP reply may quote. Only a 5xx
 * answer to RCPT TO (no such recipient) is permanent; anything else, including a 5xx caused by
 * our own configuration (authentication, sender), is retried until the attempts run out. A
 * failure to connect (refused, dropped, timed out, or a 421 greeting: nodemailer's command
 * `CONN`) means the server is unreachable: the mail never reached it, so it is not the mail's
 * fault. So does a 421 at any later step: RFC 5321 §3.8 reserves it for "service not available,
 * closing transmission channel" (a server shutting down, or throttling all our mail), never for
 * one mail; the mail goes back uncounted and is due as soon as the server takes mail again.
 */
export function describeFailure(error: unknown): {
  permanent: boolean;
  unreachable: boolean;
  reason: string;
} {
  const responseCode = field(error, 'responseCode');
  const command = field(error, 'command');
  const code = field(error, 'code');
  const unreachable = command === 'CONN' || responseCode === 421;
  if (typeof responseCode === 'number') {
    return {
      permanent: command === 'RCPT TO' && responseCode >= 500 && responseCode < 600,
      unreachable,
      reason: `smtp ${responseCode}${typeof command === 'string' ? ` (${command})` : ''}`,
    };
  }
  return { permanent: false, unreachable, reason: typeof code === 'string' ? code : 'error' };
}
