import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readFormErrorMessage } from './form-error.ts';

/**
 * A form's own words for some error texts (key → key): the invitation form says "the person's
 * address" where the profile says "your address" (docs/ui-terms.md). A module-level constant.
 */
export type FormErrorWording = Readonly<Record<string, string>>;

const NO_WORDING: FormErrorWording = {};

/**
 * Translates a form error's message (see `formErrorMessage`) in the interface language; gives
 * undefined when there is no error, so it fits Mantine's `error` prop.
 */
export function useFormErrorText(
  wording: FormErrorWording = NO_WORDING,
): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const text = readFormErrorMessage(message);
      return text ? t(wording[text.key] ?? text.key, text.params) : t('FIELD_ERRORS.invalid');
    },
    [t, wording],
  );
}
