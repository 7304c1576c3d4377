/** How a write ended for the client: carried out, refused (4xx), or not known (5xx, no answer). */
export type Outcome = 'acked' | 'refused' | 'unknown';

export interface NewsletterChoice {
  subscribed: boolean;
  distributors: string[];
  interests: string[];
}

export type Write =
  | { kind: 'phone'; customerId: string; phone: string }
  | { kind: 'preferences'; customerId: string; choice: NewsletterChoice }
  | { kind: 'location'; companyId: string; name: string }
  | { kind: 'invitation'; companyId: string; email: string };

export type Attempt = Write & { outcome: Outcome; answer: string; at: number };

export function outcomeOf(answer: number | string): Outcome {
  if (typeof answer === 'number' && answer >= 200 && answer < 300) return 'acked';
  if (typeof answer === 'number' && answer >= 400 && answer < 500) return 'refused';
  return 'unknown';
}

/** Every write the clients attempted, in the order each client sent them, with its outcome. */
export class Ledger {
  readonly attempts: Attempt[] = [];

  record(write: Write, answer: number | string): void {
    this.attempts.push({
      ...write,
      outcome: outcomeOf(answer),
      answer: String(answer),
      at: Date.now(),
    });
  }

  of<K extends Write['kind']>(kind: K): (Attempt & { kind: K })[] {
    return this.attempts.filter((a): a is Attempt & { kind: K } => a.kind === kind);
  }

  acknowledged(): number {
    return this.attempts.filter((a) => a.outcome === 'acked').length;
  }
}

/**
 * For values a later write overwrites (a phone number, the newsletter choice): the attempts of one
 * owner in order, and the values the stored one may be: the last acknowledged, or one attempted
 * after it whose outcome the client could not know.
 */
export function acceptableFinalValues<T>(attempts: { outcome: Outcome; value: T }[]): T[] {
  const lastAcked = attempts.map((a) => a.outcome).lastIndexOf('acked');
  if (lastAcked < 0) return [];
  return [
    attempts[lastAcked]!.value,
    ...attempts.slice(lastAcked + 1).flatMap((a) => (a.outcome === 'unknown' ? [a.value] : [])),
  ];
}
