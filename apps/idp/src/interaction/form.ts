import { z } from 'zod';
import { refuseControlCharacters } from '../app/control-characters.ts';
import { PageError } from '../app/error-page.ts';

/** Form bodies are small: a few fields of at most a kilobyte each. */
export const MAX_FORM_BYTES = 16 * 1024;

/** A field as @fastify/formbody parses it; of a repeated field, the first value counts. */
export const formField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value[0] : value) ?? '');

/**
 * The posted form; a post without a form body (no content type at all) is refused with 415.
 * Every value is one line a person typed or one we put into the page: a control character (a NUL
 * byte included) in any field is a bad request (400), before anything looks at the form.
 */
export function readForm<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const form = schema.safeParse(body);
  if (!form.success) throw new PageError(415, 'generic');
  const fields: unknown = body;
  if (fields && typeof fields === 'object') refuseControlCharacters(Object.values(fields).flat());
  return form.data;
}

/** Whether a form post comes from one of our own pages (browsers always send Origin on POST). */
export function isSameOrigin(origin: string | undefined, issuer: string): boolean {
  return origin === undefined || origin === new URL(issuer).origin;
}
