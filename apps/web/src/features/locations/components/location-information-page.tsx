import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IdSchema, ROUTES } from '@pp/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUiStore } from '../../../lib/ui-state/ui-state-context.ts';
import { LOCATION_ID_PARAM } from '../location-links.ts';
import { DisplayedLocation } from './displayed-location.tsx';

/**
 * `/my-practice/location-overview/information-location?locationId=…` (admins): the location
 * the URL names (the specification's "displaying location"; a reload or a shared link keeps it).
 */
export function LocationInformationPage() {
  const { t } = useTranslation();
  const store = useUiStore();
  const [params] = useSearchParams();
  const parsed = IdSchema.safeParse(params.get(LOCATION_ID_PARAM));
  const locationId = parsed.success ? parsed.data : undefined;

  useEffect(() => {
    store.setDisplayingLocation(locationId);
    return () => store.setDisplayingLocation(undefined);
  }, [store, locationId]);

  return (
    <>
      <PageHeader
        title={t('PAGES.LOCATION_INFORMATION.TITLE')}
        description={t('PAGES.LOCATION_INFORMATION.DESCRIPTION')}
      />
      {locationId ? (
        <DisplayedLocation key={locationId} locationId={locationId} />
      ) : (
        <Text>
          {t('LOCATION_INFORMATION.NONE_CHOSEN')}{' '}
          <Anchor component={Link} to={ROUTES.locations}>
            {t('LOCATION_INFORMATION.TO_LIST')}
          </Anchor>
        </Text>
      )}
    </>
  );
}
