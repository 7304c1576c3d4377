import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { readFormErrorMessage } from './form-error.ts';

/**
 * Translates a form error's message (see `formErrorMessage`) in the interface language; gives
 * undefined when there is no error, so it fits Mantine's `error` prop.
 */
export function useFormErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      const text = readFormErrorMessage(message);
      return text ? t(text.key, text.params) : t('FIELD_ERRORS.invalid');
    },
    [t],
  );
}
