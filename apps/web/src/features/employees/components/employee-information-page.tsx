import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IdSchema, ROUTES } from '@pp/contract';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { CUSTOMER_ID_PARAM } from '../employee-links.ts';
import { DisplayedEmployee } from './displayed-employee.tsx';
import { useViewer } from './use-viewer.ts';

/**
 * `/my-practice/employees-overview/information-employee?customerId=…` (admins): the person the
 * URL names, in the active practice; a reload or a shared link keeps them.
 */
export function EmployeeInformationPage() {
  const { t } = useTranslation();
  const place = useViewer();
  const [params] = useSearchParams();
  const parsed = IdSchema.safeParse(params.get(CUSTOMER_ID_PARAM));
  const customerId = parsed.success ? parsed.data : undefined;

  const content = () => {
    if (!place) return <NoPracticeInvitation />;
    if (!customerId) {
      return (
        <Text>
          {t('EMPLOYEE_INFORMATION.NONE_CHOSEN')}{' '}
          <Anchor component={Link} to={ROUTES.employees}>
            {t('EMPLOYEE_INFORMATION.TO_LIST')}
          </Anchor>
        </Text>
      );
    }
    return (
      <DisplayedEmployee
        key={`${place.companyId}/${customerId}`}
        companyId={place.companyId}
        customerId={customerId}
        viewer={place.viewer}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('PAGES.EMPLOYEE_INFORMATION.TITLE')}
        description={t('PAGES.EMPLOYEE_INFORMATION.DESCRIPTION')}
      />
      {content()}
    </>
  );
}
