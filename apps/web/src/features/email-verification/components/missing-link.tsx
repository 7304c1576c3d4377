import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_CHANGE_LINK } from '../../../components/navigation/account-links.ts';

/** `/verify` without a link's secret: opened by hand, or the mail program cut the link. */
export function MissingLink() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="outline" title={t('VERIFY.MISSING_TITLE')}>
      {t('VERIFY.MISSING')}
      <div>
        <Button component={Link} to={EMAIL_CHANGE_LINK} variant="default" mt="md">
          {t('VERIFY.REQUEST_NEW_LINK')}
        </Button>
      </div>
    </Alert>
  );
}
