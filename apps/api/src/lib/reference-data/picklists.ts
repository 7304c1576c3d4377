import { and, eq, inArray } from 'drizzle-orm';
import { FieldErrorCode, type PicklistName, type TypedFieldError } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { picklistValues } from '../../db/schema.ts';

/** A field of a request (`body.salutation`, `body.interests`) and the picklist it chooses from. */
export interface PicklistChoice {
  field: string;
  list: PicklistName;
  /** One code, or a list of codes (errors then name `field.index`). */
  value: string | readonly string[];
}

/**
 * Field errors (`unknown_choice`) for every code that is not an active entry of its picklist
 * (docs/product.md §3: each value has a stable code).
 */
export async function unknownChoices(
  db: Executor,
  choices: readonly PicklistChoice[],
): Promise<TypedFieldError[]> {
  const errors: TypedFieldError[] = [];
  for (const { field, list, value } of choices) {
    const codes = typeof value === 'string' ? [value] : value;
    if (codes.length === 0) continue;
    const known = await db
      .select({ code: picklistValues.code })
      .from(picklistValues)
      .where(
        and(
          eq(picklistValues.list, list),
          eq(picklistValues.active, true),
          inArray(picklistValues.code, [...codes]),
        ),
      );
    const knownCodes = new Set(known.map((row) => row.code));
    codes.forEach((code, index) => {
      if (knownCodes.has(code)) return;
      const at = typeof value === 'string' ? field : `${field}.${index}`;
      errors.push({ field: at, code: FieldErrorCode.unknownChoice });
    });
  }
  return errors;
}
