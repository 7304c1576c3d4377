import { z } from 'zod';
import { refuseControlCharacters } from '../app/control-characters.ts';
import { formField } from '../interaction/form.ts';

const LinkQuery = z.object({ token: formField, lang: formField, return: formField });

/**
 * The secret and language a link of our mails carries (`?token=…&lang=…`), and the portal path
 * a registration returns to (`return`, checked by `returnPath`).
 */
export function readLinkQuery(query: unknown): z.output<typeof LinkQuery> {
  const parsed = LinkQuery.safeParse(query);
  const values = parsed.success ? parsed.data : { token: '', lang: '', return: '' };
  refuseControlCharacters(Object.values(values));
  return values;
}
