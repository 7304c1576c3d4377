import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company as PracticeDetails } from '@pp/contract';
import './details-list.css';

/** A practice's customer number, address and contact, as a list of labelled values. */
export function PracticeDetailsList({ practice }: { practice: PracticeDetails }) {
  const { t, i18n } = useTranslation();
  // A practice from the CRM may have no country (issue 44): its address then names none.
  const country = practice.country
    ? new Intl.DisplayNames([i18n.resolvedLanguage ?? i18n.language], { type: 'region' }).of(
        practice.country,
      )
    : undefined;
  const notGiven = t('PRACTICE.NOT_GIVEN');
  const place = [practice.postalCode, practice.city].filter(Boolean).join(' ');
  const address = [practice.street, place, practice.country === 'DE' ? undefined : country]
    .filter(Boolean)
    .join(', ');

  return (
    <dl className="details-list">
      <dt>{t('PRACTICE.CUSTOMER_NUMBER')}</dt>
      <dd>{practice.customerNumber ?? t('PRACTICE.NO_CUSTOMER_NUMBER')}</dd>
      <dt>{t('PRACTICE.ADDRESS')}</dt>
      <dd>{address || notGiven}</dd>
      <dt>{t('PRACTICE.PHONE')}</dt>
      <dd>{practice.phone ?? notGiven}</dd>
      <dt>{t('PRACTICE.EMAIL')}</dt>
      <dd>
        {practice.email ? (
          <Anchor href={`mailto:${practice.email}`}>{practice.email}</Anchor>
        ) : (
          notGiven
        )}
      </dd>
      <dt>{t('PRACTICE.WEBSITE')}</dt>
      <dd>
        {practice.website ? (
          <Anchor href={practice.website} target="_blank" rel="noopener noreferrer">
            {practice.website}
          </Anchor>
        ) : (
          notGiven
        )}
      </dd>
    </dl>
  );
}
