import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from '../../lib/i18n/i18n.ts';
import { useSavePreferredLanguage } from '../../lib/ui-state/use-save-preferred-language.ts';

/**
 * Offers the other language, named in that language; the choice is remembered in the browser
 * and, when signed in with customer data, saved as the customer's preferred language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const savePreferredLanguage = useSavePreferredLanguage();
  const other: Language = i18n.resolvedLanguage === 'en' ? 'de' : 'en';

  const switchLanguage = () => {
    rememberLanguage(other);
    void i18n.changeLanguage(other);
    savePreferredLanguage(other);
  };

  return (
    <Button
      variant="default"
      px="xs"
      lang={other}
      title={t('LANGUAGE.SWITCH')}
      onClick={switchLanguage}
    >
      {other === 'en' ? t('LANGUAGE.EN') : t('LANGUAGE.DE')}
    </Button>
  );
}
