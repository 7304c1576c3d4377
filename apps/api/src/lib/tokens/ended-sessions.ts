import type { Db } from '../../db/client.ts';
import { hotQueries } from '../database/hot-queries.ts';

/**
 * How long one instance trusts its answer for a session: a session ended on any instance is
 * refused everywhere within these seconds, and a page's burst of calls costs one lookup.
 */
export const ENDED_SESSION_RECHECK_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Whether the embedded provider's session an access token was issued in (its `sid`) has ended:
 * signed out, ended on the security page, a new password, a deleted account (docs/product.md §2).
 * Looked up in the list every instance shares, and remembered for a moment per instance.
 */
export function endedSessionCheck(db: Db): (sessionUid: string) => Promise<boolean> {
  const answers = new Map<string, { ended: Promise<boolean>; at: number }>();
  const lookUp = async (sessionUid: string) =>
    (await hotQueries(db).endedSession.execute({ sessionUid })).length > 0;
  return (sessionUid) => {
    const now = Date.now();
    const known = answers.get(sessionUid);
    if (known && now - known.at < ENDED_SESSION_RECHECK_MS) return known.ended;
    // Calls arriving together share one lookup; a failed one is not remembered.
    const answer = { ended: lookUp(sessionUid), at: now };
    answers.delete(sessionUid);
    if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value ?? '');
    answers.set(sessionUid, answer);
    answer.ended.catch(() => {
      if (answers.get(sessionUid) === answer) answers.delete(sessionUid);
    });
    return answer.ended;
  };
}
