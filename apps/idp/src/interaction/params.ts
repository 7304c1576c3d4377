import { z } from 'zod';

/**
 * The route of an interaction's pages. The uid is one oidc-provider made (nanoid characters);
 * any other path goes on to oidc-provider, which answers 404.
 */
export const INTERACTION_ROUTE = '/interaction/:uid(^[A-Za-z0-9_-]{1,64}$)';

export const InteractionParams = z.object({ uid: z.string() });
