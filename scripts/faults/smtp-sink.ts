import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../apps/api/test/mail/mime.ts';

export interface ReceivedMail {
  messageId: string;
  recipients: string[];
  at: number;
}

export interface StoppableSink {
  url: string;
  /** Every accepted message, in order; a resent one appears again. */
  received: ReceivedMail[];
  /** Refused recipients (550 at RCPT TO), in order. */
  refused: string[];
  /** Delay before DATA is answered, so a worker can be caught mid-batch. */
  delayMs: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Recipients of this domain are refused for good (550), like an address that does not exist. */
export const REFUSED_DOMAIN = 'refused.example.com';

/** An SMTP server on a fixed loopback port that can be stopped and started again. */
export function stoppableSink(port: number): StoppableSink {
  let server: SMTPServer | undefined;
  const sink: StoppableSink = {
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    refused: [],
    delayMs: 0,
    async start() {
      server = createServer(sink);
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  return sink;
}

function createServer(sink: StoppableSink): SMTPServer {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // A stopped sink drops its connections at once, as a crashed server would.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (!address.address.endsWith(`@${REFUSED_DOMAIN}`)) return callback();
      sink.refused.push(address.address);
      callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          const message = parseMessage(Buffer.concat(chunks).toString('utf8'));
          sink.received.push({
            messageId: message.messageId ?? '',
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            at: Date.now(),
          });
          callback(null);
        }, sink.delayMs);
      });
    },
  });
  // An instance killed mid-delivery resets its connection (ECONNRESET): for the sink that is a
  // client gone, as for a real mail server, not a reason to end the suite (an 'error' event
  // without a listener throws).
  server.on('error', () => undefined);
  return server;
}
