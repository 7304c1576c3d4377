import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Employee } from '@pp/contract';
import { employeeInformationLink } from '../employee-links.ts';
import { employeeName } from '../employee-name.ts';
import type { Viewer } from '../employee-permissions.ts';
import { EmployeeActions } from './employee-actions.tsx';
import { EmployeeBadges } from './employee-badges.tsx';
import { InvitationDates } from './invitation-dates.tsx';

interface EmployeeCardProps {
  companyId: string;
  employee: Employee;
  viewer: Viewer;
}

/** One person of the list: name (to their page), address, role, status, locations, actions. */
export function EmployeeCard({ companyId, employee, viewer }: EmployeeCardProps) {
  const { t } = useTranslation();
  const name = employeeName(t, employee);
  const locations = employee.locations.map((location) => location.name).join(', ');

  return (
    <Card withBorder component="li" padding="md">
      <Group gap="xs" wrap="wrap">
        <Title order={2} size="h5">
          <Anchor component={Link} to={employeeInformationLink(employee.customerId)}>
            {name}
          </Anchor>
        </Title>
        <EmployeeBadges employee={employee} own={employee.customerId === viewer.customerId} />
      </Group>
      {name !== employee.email && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {employee.email}
        </Text>
      )}
      <Text size="sm" mt={4}>
        {locations
          ? t('EMPLOYEES.LOCATIONS_OF', { names: locations })
          : t('EMPLOYEES.NO_LOCATIONS')}
      </Text>
      <InvitationDates employee={employee} />
      <EmployeeActions companyId={companyId} employee={employee} name={name} viewer={viewer} />
    </Card>
  );
}
