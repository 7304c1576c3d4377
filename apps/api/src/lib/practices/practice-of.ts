import { eq } from 'drizzle-orm';
import type { AccessTarget } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';
import type { LocationRow } from '../locations/location.ts';

/** The practice a request's id names, with the location row when the id is a location's. */
export interface AccessedPractice {
  companyId: string;
  /**
   * The location the authorization was decided on: handed to the handler, which acts on this
   * version instead of reading it again (decision 0053).
   */
  location: LocationRow | null;
}

/** The practice an id of a request belongs to: the id itself, or a location's practice. */
export async function practiceOf(
  db: Executor,
  target: AccessTarget,
  id: string,
): Promise<AccessedPractice | undefined> {
  switch (target) {
    case 'practice':
      return { companyId: id, location: null };
    case 'location': {
      const [row] = await db.select().from(locations).where(eq(locations.id, id));
      return row && { companyId: row.companyId, location: row };
    }
  }
}
