import { z } from 'zod';
import type { FieldErrorCode } from '@pp/contract';
import { fieldErrorTextKey } from '../api/error-texts.ts';

type TextParams = Record<string, string | number | boolean>;

/** What a form shows under a field: a translation key and the values it fills in. */
export interface FormErrorText {
  key: string;
  params?: TextParams;
}

const FormErrorTextSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

/**
 * react-hook-form keeps one string per error. It holds the key and its values (not a translated
 * sentence), so an error already shown follows a switch of the interface language.
 */
export function formErrorMessage(text: FormErrorText): string {
  return JSON.stringify(text);
}

export function fieldErrorMessage(code: FieldErrorCode, params?: TextParams): string {
  return formErrorMessage({ key: fieldErrorTextKey(code), ...(params ? { params } : {}) });
}

/** The key and values a message of {@link formErrorMessage} holds; undefined for anything else. */
export function readFormErrorMessage(message: string | undefined): FormErrorText | undefined {
  if (!message) return undefined;
  try {
    const parsed = FormErrorTextSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
