import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chosenLanguage,
  isLanguage,
  LANGUAGE_KEY,
  rememberLanguage,
  switchLanguage,
} from '../../lib/i18n/i18n.ts';
import { useCustomer } from '../../lib/ui-state/use-customer.ts';

/**
 * Where the interface language comes from besides the header's switch (issue 22, point 11):
 * in a browser where the user never chose one, the preferred language saved with their data,
 * once their data has loaded (not again when they change it on the profile: it is the language
 * of their mails, and the header switches the interface); and a switch in another tab of the
 * portal (it changes the shared key in localStorage).
 */
export function useLanguageSources(): void {
  const { i18n } = useTranslation();
  const preferred = useCustomer()?.preferredLanguage;
  const applied = useRef(false);

  useEffect(() => {
    if (!preferred || applied.current) return;
    applied.current = true;
    if (preferred === i18n.resolvedLanguage || chosenLanguage() !== undefined) return;
    void switchLanguage(i18n, preferred).then((switched) => {
      if (switched) rememberLanguage(preferred);
    });
  }, [i18n, preferred]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== LANGUAGE_KEY || !isLanguage(event.newValue)) return;
      if (event.newValue !== i18n.resolvedLanguage) void switchLanguage(i18n, event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [i18n]);
}
