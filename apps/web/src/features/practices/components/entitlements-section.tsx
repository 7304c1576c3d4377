import { Alert, Badge, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Entitlement } from '@pp/contract';
import { formatIsoDate } from '../../../lib/format/format.ts';
import { useEntitlements } from '../api/check-entitlements.ts';
import './details-list.css';

const STATUS_TEXTS: Record<Entitlement['status'], string> = {
  active: 'ENTITLEMENTS.STATUS_ACTIVE',
  upcoming: 'ENTITLEMENTS.STATUS_UPCOMING',
  expired: 'ENTITLEMENTS.STATUS_EXPIRED',
};

function validity(t: TFunction, entitlement: Entitlement) {
  const from = formatIsoDate(entitlement.validFrom);
  return entitlement.validUntil
    ? t('ENTITLEMENTS.VALID_FROM_UNTIL', { from, until: formatIsoDate(entitlement.validUntil) })
    : t('ENTITLEMENTS.VALID_FROM', { from });
}

/** The active practice's products and contracts with their validity (read-only, dd.MM.yyyy). */
export function EntitlementsSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const entitlements = useEntitlements(companyId);

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="entitlements-heading">
      <Title order={2} size="h4" id="entitlements-heading" mb={4}>
        {t('ENTITLEMENTS.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ENTITLEMENTS.HINT')}
      </Text>
      {entitlements.isPending && <Loader size="sm" aria-hidden />}
      {entitlements.isError && (
        <Alert role="alert" color="red" variant="outline">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void entitlements.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {entitlements.data?.length === 0 && <Text>{t('ENTITLEMENTS.NONE')}</Text>}
      {entitlements.data && entitlements.data.length > 0 && (
        <ul className="plain-list">
          {entitlements.data.map((entitlement) => (
            <li key={`${entitlement.productCode}-${entitlement.validFrom}`} className="entitlement">
              <Group gap="sm" justify="space-between" wrap="wrap">
                <Text fw={600}>{entitlement.name}</Text>
                <Badge variant="outline">{t(STATUS_TEXTS[entitlement.status])}</Badge>
              </Group>
              <Text size="sm">{validity(t, entitlement)}</Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
