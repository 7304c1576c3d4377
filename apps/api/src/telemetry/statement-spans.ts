import { SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { StatementObserver } from '@pp/database';

/** The statement's first keyword (`SELECT`, `INSERT`, `BEGIN`…), the span's name. */
function operationOf(text: string): string {
  return /^\s*\(?\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * A client span per statement of a traced piece of work (a call, a mail delivery), with the
 * statement's text: drizzle sends values as parameters ($1…), which are never recorded.
 * Statements outside one (the workers' polls) make no trace of their own.
 */
export function statementSpans(tracer: Tracer): StatementObserver {
  return (text) => {
    if (!trace.getActiveSpan()) return undefined;
    const operation = operationOf(text);
    const span = tracer.startSpan(operation, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text,
      },
    });
    return (error) => {
      if (error !== undefined) {
        const code = typeof error === 'object' && error !== null && Reflect.get(error, 'code');
        span.setStatus({ code: SpanStatusCode.ERROR });
        if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
      }
      span.end();
    };
  };
}
