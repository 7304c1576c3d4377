import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMessage, type ParsedMessage } from './mime.ts';

export interface SinkAttempt {
  recipients: string[];
  message: ParsedMessage;
  accepted: boolean;
}

export interface SmtpSink {
  /** SMTP_URL of the sink. */
  url: string;
  /** Every message transferred (DATA), accepted or refused, in order. */
  attempts: SinkAttempt[];
  /** The accepted messages. */
  delivered(): SinkAttempt[];
  /** Answer for the n-th DATA (1-based): a reply code to refuse it, or undefined to accept. */
  refuseData: (n: number) => number | undefined;
  /** Reply code to refuse a recipient, or undefined to accept. */
  refuseRecipient: (address: string) => number | undefined;
  /** Delay before answering DATA, so concurrent workers overlap. */
  delayMs: number;
  close(): Promise<void>;
}

const smtpError = (code: number) =>
  Object.assign(new Error(code >= 500 ? 'refused for good' : 'try again later'), {
    responseCode: code,
  });

/** A real SMTP server on a free loopback port (or `port`) that keeps what it receives. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    attempts: [],
    delivered: () => sink.attempts.filter((attempt) => attempt.accepted),
    refuseData: () => undefined,
    refuseRecipient: () => undefined,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = sink.refuseRecipient(address.address);
      callback(code === undefined ? null : smtpError(code));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = sink.refuseData(sink.attempts.length + 1);
        sink.attempts.push({
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          message: parseMessage(Buffer.concat(chunks).toString('utf8')),
          accepted: code === undefined,
        });
        setTimeout(() => callback(code === undefined ? null : smtpError(code)), sink.delayMs);
      });
    },
  });
  // A client that resets its connection (a worker stopped mid-delivery) is gone, not a failure
  // of the sink: an 'error' event without a listener would throw.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}
