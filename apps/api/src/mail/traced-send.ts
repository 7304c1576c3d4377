import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { OutboxMail, SmtpSender } from './delivery.ts';

/**
 * The SMTP send of one mail as a span of its own, named by the outbox id and attempt like the
 * worker's log lines; never the address or the subject. Statements inside it are its children.
 */
export function tracedSend(
  tracer: Tracer,
  sender: SmtpSender,
): (mail: OutboxMail) => Promise<void> {
  return (mail) =>
    tracer.startActiveSpan(
      'mail send',
      {
        kind: SpanKind.CLIENT,
        attributes: { 'mail.outbox_id': mail.id, 'mail.attempt': mail.attempts },
      },
      async (span) => {
        try {
          await sender.send(mail);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}
