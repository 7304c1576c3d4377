import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { formatDate } from '../../../lib/format/format.ts';

/** When a pending invitation was sent and until when it can be accepted (or that it expired). */
export function InvitationDates({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  // The moment the card first showed: an invitation expiring while it shows says so on reload.
  const [now] = useState(Date.now);
  if (!employee.invitedAt || !employee.expiresAt) return null;
  const expiresAt = new Date(employee.expiresAt);
  const expired = expiresAt.getTime() <= now;
  return (
    <Text size="sm" mt={4}>
      {t(expired ? 'EMPLOYEES.INVITATION_EXPIRED' : 'EMPLOYEES.INVITATION_VALID', {
        invitedAt: formatDate(new Date(employee.invitedAt)),
        expiresAt: formatDate(expiresAt),
      })}
    </Text>
  );
}
