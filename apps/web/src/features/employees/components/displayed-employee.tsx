import { Alert, Anchor, Button, Card, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@pp/contract';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { useEmployee } from '../api/get-employee.ts';
import { employeeName } from '../employee-name.ts';
import { mayChangeLocations, type Viewer } from '../employee-permissions.ts';
import { EmployeeActions } from './employee-actions.tsx';
import { EmployeeBadges } from './employee-badges.tsx';
import { EmployeeDetails } from './employee-details.tsx';
import { EmployeeLocationsForm } from './employee-locations-form.tsx';

interface DisplayedEmployeeProps {
  companyId: string;
  customerId: string;
  viewer: Viewer;
}

/** One person: their data, role and status, the actions the viewer may take, their locations. */
export function DisplayedEmployee({ companyId, customerId, viewer }: DisplayedEmployeeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const employee = useEmployee(companyId, customerId);
  const back = (
    <Anchor component={Link} to={ROUTES.employees}>
      {t('EMPLOYEE_INFORMATION.TO_LIST')}
    </Anchor>
  );

  if (employee.isError) {
    const gone = employee.error instanceof ApiCallError && employee.error.status === 404;
    return (
      <Alert role="alert" color="red" variant="outline" mb="lg">
        {t(gone ? 'EMPLOYEE_INFORMATION.NOT_FOUND' : 'MESSAGES.GET_ERROR')}{' '}
        {gone ? (
          back
        ) : (
          <Button variant="subtle" size="compact-sm" onClick={() => void employee.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        )}
      </Alert>
    );
  }
  const data = employee.data;
  if (!data) return null;
  const name = employeeName(t, data);

  return (
    <>
      <Card withBorder component="section" mb="lg" aria-labelledby="employee-heading">
        <Group gap="xs" wrap="wrap" mb="md">
          <Title order={2} size="h4" id="employee-heading">
            {name}
          </Title>
          <EmployeeBadges employee={data} own={data.customerId === viewer.customerId} />
        </Group>
        <EmployeeDetails employee={data} />
        <EmployeeActions
          companyId={companyId}
          employee={data}
          name={name}
          viewer={viewer}
          onRevoked={() => void navigate(ROUTES.employees)}
        />
      </Card>
      {mayChangeLocations(data) && (
        <EmployeeLocationsForm companyId={companyId} employee={data} name={name} />
      )}
      <Group gap="lg" wrap="wrap">
        {back}
        <Anchor
          component={Link}
          to={`${ROUTES.activity}?${new URLSearchParams({ customerId: data.customerId }).toString()}`}
        >
          {t('EMPLOYEE_INFORMATION.ACTIVITY', { name })}
        </Anchor>
      </Group>
    </>
  );
}
