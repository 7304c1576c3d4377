/** What the clients saw: every answer by status, and each failure with its time, for evidence. */
export class Answers {
  sent = 0;
  readonly byStatus = new Map<string, number>();
  readonly failures: { at: number; request: string; answer: string; proxy?: string }[] = [];
  /** Answers the proxy gave for an instance that failed mid-request (X-Proxy-Answer). */
  proxyAnswers = 0;
  /** Every answer with its time: what was answered while the CRM was away (crm.ts). */
  readonly timeline: { at: number; request: string; answer: number | string }[] = [];

  count(request: string, answer: number | string, proxy: string | null): void {
    this.timeline.push({ at: Date.now(), request, answer });
    this.byStatus.set(String(answer), (this.byStatus.get(String(answer)) ?? 0) + 1);
    if (proxy) this.proxyAnswers += 1;
    if (typeof answer !== 'number' || answer >= 500) {
      this.failures.push({
        at: Date.now(),
        request,
        answer: String(answer),
        ...(proxy ? { proxy } : {}),
      });
    }
  }

  /** Answers ≥ 500 other than 503, and requests with no answer at all (reset, refused). */
  unexpected(): number {
    let n = 0;
    for (const [answer, count] of this.byStatus) {
      const status = Number(answer);
      if (Number.isNaN(status) || (status >= 500 && status !== 503)) n += count;
    }
    return n;
  }
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.name : 'error';
}

/** An answer whose headers came but whose body was cut off. */
export const CUT_MID_ANSWER = 'CUT_MID_ANSWER';

export interface Reply {
  /**
   * The status, or the error code when no answer came (ECONNRESET, ECONNREFUSED, TimeoutError),
   * or CUT_MID_ANSWER when it stopped after its headers.
   */
  answer: number | string;
  body: unknown;
}

/** One request, counted in `answers`; never throws. */
export async function send(
  answers: Answers,
  url: string,
  init: { method: string; token?: string; body?: unknown },
): Promise<Reply> {
  const request = `${init.method} ${new URL(url).pathname}`;
  answers.sent += 1;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The headers came, the rest did not: the instance sending it died mid-answer, after
      // nginx had passed the headers on and could no longer try the other instance.
      answers.count(request, CUT_MID_ANSWER, null);
      return { answer: CUT_MID_ANSWER, body: undefined };
    }
    answers.count(request, response.status, response.headers.get('x-proxy-answer'));
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { answer: response.status, body };
  } catch (error) {
    const code = errorCode(error);
    answers.count(request, code, null);
    return { answer: code, body: undefined };
  }
}
