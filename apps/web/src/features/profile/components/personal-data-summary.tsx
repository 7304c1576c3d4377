import '@mantine/core/styles/List.css';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalDataExport } from '@pp/contract';
import { formatDate, formatIsoDate, formatTime } from '../../../lib/format/format.ts';

const moment = (iso: string) => `${formatDate(new Date(iso))}, ${formatTime(new Date(iso))}`;
const day = (iso: string) => formatDate(new Date(iso));

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={4} size="h6" id={id} mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Lines of a part, or "none" for an empty one. */
function Lines({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <Text size="sm">{t('PERSONAL_DATA.NONE')}</Text>;
  return (
    <List size="sm">
      {lines.map((line, index) => (
        <List.Item key={index}>{line}</List.Item>
      ))}
    </List>
  );
}

/**
 * The export as a person reads it, in their language (decision 0079): each part of the file
 * in a sentence or a list; the sign-in history and the audit entries in full only in the file.
 */
export function PersonalDataSummary({ data }: { data: PersonalDataExport }) {
  const { t } = useTranslation();
  const { profile, newsletter, signIn } = data;
  const role = (code: string) => t(`ROLES.${code.toUpperCase()}`);
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const yesNo = (value: boolean) => t(value ? 'PERSONAL_DATA.YES' : 'PERSONAL_DATA.NO');
  /** Every field of the file's profile, "none" where it is empty (issue 43). */
  const field = (label: string, value: string | null) =>
    `${t(label)}: ${value || t('PERSONAL_DATA.NONE')}`;
  const listed = (values: string[]) => values.join(', ') || t('PERSONAL_DATA.NONE');

  return (
    <Stack mt="lg" gap="md" aria-labelledby="personal-data-summary-heading" component="section">
      <Title order={3} size="h5" id="personal-data-summary-heading">
        {t('PERSONAL_DATA.SUMMARY_TITLE', { when: moment(data.exportedAt) })}
      </Title>
      <Part id="pd-profile" title={t('PERSONAL_DATA.PROFILE')}>
        <Lines
          lines={[
            field('PROFILE.SALUTATION', profile.salutationLabel),
            field('PROFILE.TITLE', profile.titleLabel),
            field('PERSONAL_DATA.NAME', name),
            field('ACCOUNT.EMAIL', profile.email),
            field('PERSONAL_DATA.PHONE', profile.phone),
            field('PROFILE.POSITION', profile.positionLabel),
            field('PROFILE.PROFESSION', profile.professionLabel),
            field('PROFILE.OTHER_INDUSTRY', profile.otherIndustryLabel),
            field(
              'PERSONAL_DATA.BIRTH_DATE',
              profile.dateOfBirth ? formatIsoDate(profile.dateOfBirth) : null,
            ),
            field('PROFILE.PREFERRED_LANGUAGE', profile.preferredLanguageLabel),
            field('PERSONAL_DATA.SINCE', day(profile.createdAt)),
          ]}
        />
      </Part>
      <Part id="pd-practices" title={t('PERSONAL_DATA.PRACTICES')}>
        <Lines
          lines={data.memberships.map(
            (m) =>
              `${t('PERSONAL_DATA.MEMBERSHIP', {
                practice: m.name,
                role: role(m.role),
                status: t(`EMPLOYEES.STATUS_${m.status.toUpperCase()}`),
                since: day(m.since),
              })}; ${t('PERSONAL_DATA.CUSTOMER_NUMBER')}: ${
                m.customerNumber ?? t('PERSONAL_DATA.NONE')
              }; ${t('PERSONAL_DATA.LOCATIONS')}: ${listed(m.locations)}`,
          )}
        />
      </Part>
      <Part id="pd-received" title={t('PERSONAL_DATA.INVITATIONS_RECEIVED')}>
        <Lines
          lines={data.invitationsReceived.map((i) =>
            t('PERSONAL_DATA.INVITATION', {
              practice: i.name,
              role: role(i.role),
              state: t(`PERSONAL_DATA.STATE_${i.state.toUpperCase()}`),
              sent: day(i.sentAt),
            }),
          )}
        />
      </Part>
      <Part id="pd-sent" title={t('PERSONAL_DATA.INVITATIONS_SENT')}>
        <Lines
          lines={data.invitationsSent.map((i) =>
            t('PERSONAL_DATA.INVITATION_SENT', {
              practice: i.name,
              address: i.inviteeAddress,
              role: role(i.role),
              state: t(`PERSONAL_DATA.STATE_${i.state.toUpperCase()}`),
              sent: day(i.sentAt),
            }),
          )}
        />
      </Part>
      <Part id="pd-join-requests" title={t('PERSONAL_DATA.JOIN_REQUESTS')}>
        <Lines
          lines={data.joinRequests.map((r) =>
            t('PERSONAL_DATA.JOIN_REQUEST', {
              customerNumber: r.customerNumber,
              postalCode: r.postalCode,
              sent: day(r.sentAt),
            }),
          )}
        />
      </Part>
      <Part id="pd-email-changes" title={t('PERSONAL_DATA.EMAIL_CHANGES')}>
        <Lines
          lines={data.pendingEmailChanges.map((c) =>
            t('PERSONAL_DATA.EMAIL_CHANGE', { email: c.newEmail, when: moment(c.requestedAt) }),
          )}
        />
      </Part>
      <Part id="pd-newsletter" title={t('PERSONAL_DATA.NEWSLETTER')}>
        <Text size="sm">
          {t('PERSONAL_DATA.SUBSCRIBED')}: {yesNo(newsletter.subscribed)}
        </Text>
        <Text size="sm">
          {t('PERSONAL_DATA.DISTRIBUTORS')}: {listed(newsletter.distributorLabels)}
        </Text>
        <Text size="sm">
          {t('PERSONAL_DATA.INTERESTS')}: {listed(newsletter.interestLabels)}
        </Text>
        <Lines
          lines={[
            ...newsletter.consentRecords.map((c) =>
              t('PERSONAL_DATA.CONSENT', {
                when: moment(c.recordedAt),
                choice: yesNo(c.subscribed),
                version: c.wordingVersion,
              }),
            ),
            ...newsletter.pendingConfirmations.map((p) =>
              t('PERSONAL_DATA.PENDING', { when: moment(p.requestedAt) }),
            ),
          ]}
        />
      </Part>
      <Part id="pd-sign-in" title={t('PERSONAL_DATA.SIGN_IN')}>
        {signIn.managedByProvider ? (
          <Text size="sm">{t('PERSONAL_DATA.MANAGED_BY_PROVIDER')}</Text>
        ) : (
          <Lines
            lines={[
              t('PERSONAL_DATA.SIGN_INS', { count: signIn.signIns.length }),
              t('PERSONAL_DATA.SESSIONS', { count: signIn.sessions.length }),
              `${t('PERSONAL_DATA.AUTHENTICATOR_APP')}: ${
                signIn.authenticatorAppSince ? day(signIn.authenticatorAppSince) : yesNo(false)
              }`,
              `${t('PERSONAL_DATA.PASSKEYS')}: ${
                signIn.passkeys.map((p) => p.name).join(', ') || t('PERSONAL_DATA.NONE')
              }`,
            ]}
          />
        )}
      </Part>
      <Part id="pd-audit" title={t('PERSONAL_DATA.AUDIT')}>
        <Text size="sm">{t('PERSONAL_DATA.AUDIT_COUNT', { count: data.auditEntries.length })}</Text>
      </Part>
    </Stack>
  );
}
