import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from './i18n.ts';

/** A placeholder start page until sign-in and the application shell arrive. */
export function StartPage() {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.resolvedLanguage === 'en' ? 'de' : 'en';

  useEffect(() => {
    document.title = t('APP.NAME');
  }, [t]);

  const switchLanguage = () => {
    rememberLanguage(other);
    void i18n.changeLanguage(other);
  };

  return (
    <main className="start-page">
      <h1>{t('APP.NAME')}</h1>
      <p>{t('START.WELCOME')}</p>
      <p>{t('START.SIGN_IN_SOON')}</p>
      <button type="button" lang={other} onClick={switchLanguage}>
        {t('LANGUAGE.OTHER')}
      </button>
    </main>
  );
}
