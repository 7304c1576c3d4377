import { Button } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, switchLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { useToasts } from '../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../lib/toasts/toast-store.ts';
import { useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { useSavePreferredLanguage } from '../../lib/ui-state/use-save-preferred-language.ts';

/**
 * Offers the other language, named in that language. Once its texts have loaded, the choice is
 * remembered in the browser and, when signed in with customer data, saved as the customer's
 * preferred language; texts that fail to load keep the current language and say so.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const savePreferredLanguage = useSavePreferredLanguage();
  const toasts = useToasts();
  const store = useUiStore();
  const switching = useRef(false);
  const other: Language = i18n.resolvedLanguage === 'en' ? 'de' : 'en';

  const onSwitch = async () => {
    // A second click while the texts load would ask for the language being left.
    if (switching.current) return;
    switching.current = true;
    store.startLoading();
    try {
      if (!(await switchLanguage(i18n, other))) {
        toasts.show(TOAST_MESSAGES.GET_ERROR);
        return;
      }
      rememberLanguage(other);
      savePreferredLanguage(other);
    } finally {
      switching.current = false;
      store.stopLoading();
    }
  };

  return (
    <Button
      variant="default"
      px="xs"
      // Its word stays whole on a phone; the practice switcher beside it gives way instead.
      style={{ flexShrink: 0 }}
      lang={other}
      title={t('LANGUAGE.SWITCH')}
      onClick={() => void onSwitch()}
    >
      {other === 'en' ? t('LANGUAGE.EN') : t('LANGUAGE.DE')}
    </Button>
  );
}
