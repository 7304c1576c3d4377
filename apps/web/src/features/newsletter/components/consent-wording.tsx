import { useTranslation } from 'react-i18next';
import { NEWSLETTER_CONSENT_VERSION } from '@pp/contract';
import { formatIsoDate } from '../../../lib/format/format.ts';

/**
 * The consent the person gives by subscribing, in the wording of
 * `NEWSLETTER_CONSENT_VERSION`: a new wording needs a new version in the contract.
 */
export function ConsentWording() {
  const { t } = useTranslation();
  return (
    <>
      {t('NEWSLETTER.CONSENT_TEXT')}{' '}
      {t('NEWSLETTER.CONSENT_VERSION', { date: formatIsoDate(NEWSLETTER_CONSENT_VERSION) })}
    </>
  );
}
