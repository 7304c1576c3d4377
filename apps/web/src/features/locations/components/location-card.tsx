import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Location } from '@pp/contract';
import { locationInformationLink } from '../location-links.ts';

interface LocationCardProps {
  location: Location;
  /** Assigned to the signed-in user. */
  own: boolean;
  /** Admins open a location's information page from its name. */
  linked: boolean;
}

/** One location of the list: name, address and contact, marked when it is the user's own. */
export function LocationCard({ location, own, linked }: LocationCardProps) {
  const { t } = useTranslation();
  const place = [location.postalCode, location.city].filter(Boolean).join(' ');
  const address = [location.street, place].filter(Boolean).join(', ');

  return (
    <Card withBorder component="li" padding="md">
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h5">
          {linked ? (
            <Anchor component={Link} to={locationInformationLink(location.locationId)}>
              {location.name}
            </Anchor>
          ) : (
            location.name
          )}
        </Title>
        {own && <Badge>{t('LOCATIONS.OWN')}</Badge>}
        {location.status === 'disabled' && (
          <Badge variant="outline">{t('LOCATIONS.DISABLED')}</Badge>
        )}
      </Group>
      <Text size="sm" mt={4}>
        {address}
      </Text>
      {(location.phoneNumber || location.invoiceMail) && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {[
            location.phoneNumber && `${t('LOCATIONS.PHONE')}: ${location.phoneNumber}`,
            location.invoiceMail && `${t('LOCATIONS.INVOICE_MAIL')}: ${location.invoiceMail}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Card>
  );
}
