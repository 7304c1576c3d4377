import '@mantine/core/styles/Table.css';
import './security.css';
import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountSignIn } from '@pp/contract';
import { useSignIns } from '../api/security.ts';
import { ProviderPages, SectionError, SectionLoading } from './load-state.tsx';
import { useBrowserName } from './sessions-section.tsx';
import { formatMoment } from './when.ts';

/** The history's columns, in order (`SECURITY.SIGN_INS.<column>`). */
const COLUMNS = ['TIME', 'OUTCOME', 'METHOD', 'BROWSER', 'SECOND_FACTOR'] as const;
/** What the sign-in proved; `recovery-code` and `authenticator` are older entries' names. */
const METHOD_KEYS: Record<string, string> = {
  password: 'SECURITY.SIGN_INS.METHOD_PASSWORD',
  passkey: 'SECURITY.SIGN_INS.METHOD_PASSKEY',
  'password+authenticator': 'SECURITY.SIGN_INS.METHOD_PASSWORD_AUTHENTICATOR',
  'password+recovery-code': 'SECURITY.SIGN_INS.METHOD_PASSWORD_RECOVERY_CODE',
  'password+passkey': 'SECURITY.SIGN_INS.METHOD_PASSWORD_PASSKEY',
  'recovery-code': 'SECURITY.SIGN_INS.METHOD_RECOVERY_CODE',
  authenticator: 'SECURITY.SIGN_INS.METHOD_AUTHENTICATOR',
};

function OutcomeBadge({ outcome }: { outcome: AccountSignIn['outcome'] }) {
  const { t } = useTranslation();
  if (outcome === 'success') {
    return (
      <Badge variant="outline" color="teal" className="security-badge">
        {t('SECURITY.SIGN_INS.SUCCESS')}
      </Badge>
    );
  }
  if (outcome === 'incomplete') {
    return (
      <>
        <Badge variant="outline" color="gray" className="security-badge">
          {t('SECURITY.SIGN_INS.INCOMPLETE')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('SECURITY.SIGN_INS.INCOMPLETE_HINT')}
        </Text>
      </>
    );
  }
  return (
    <Badge variant="outline" color="red" className="security-badge">
      {t('SECURITY.SIGN_INS.FAILURE')}
    </Badge>
  );
}

function SignInRow({ entry }: { entry: AccountSignIn }) {
  const { t } = useTranslation();
  const browserName = useBrowserName();
  const methodKey = METHOD_KEYS[entry.method];
  return (
    <Table.Tr role="row" className="sign-in-row">
      <Table.Td role="cell" className="sign-in-time">
        {formatMoment(entry.at)}
      </Table.Td>
      <Table.Td role="cell" className="sign-in-outcome">
        <OutcomeBadge outcome={entry.outcome} />
      </Table.Td>
      <Table.Td role="cell" className="sign-in-method">
        <Label>{t('SECURITY.SIGN_INS.METHOD')}</Label>
        {methodKey ? t(methodKey) : entry.method}
      </Table.Td>
      <Table.Td role="cell" className="sign-in-browser">
        <Label>{t('SECURITY.SIGN_INS.BROWSER')}</Label>
        {browserName(entry)}
        {entry.newBrowser && (
          <Text size="xs" c="dimmed">
            {t('SECURITY.SIGN_INS.NEW_BROWSER')}
          </Text>
        )}
      </Table.Td>
      <Table.Td role="cell" className="sign-in-factor">
        <Label>{t('SECURITY.SIGN_INS.SECOND_FACTOR')}</Label>
        {entry.secondFactor ? t('SECURITY.SIGN_INS.YES') : t('SECURITY.SIGN_INS.NO')}
      </Table.Td>
    </Table.Tr>
  );
}

/** A cell's column heading, shown in the compact rows of a phone, which show no headings. */
function Label({ children }: { children: string }) {
  return <span className="sign-in-label">{children}: </span>;
}

/** The account's last sign-ins and failed attempts (decision 0067). */
export function SignInsSection() {
  const { t } = useTranslation();
  const signIns = useSignIns();
  const data = signIns.data;
  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="sign-ins-heading">
      <Title order={2} size="h4" id="sign-ins-heading" mb="xs">
        {t('SECURITY.SIGN_INS.TITLE')}
      </Title>
      <Text size="sm" mb="md">
        {t('SECURITY.SIGN_INS.DESCRIPTION')}
      </Text>
      {signIns.isPending && <SectionLoading />}
      {signIns.isError && <SectionError onRetry={() => void signIns.refetch()} />}
      {data?.managedByProvider && <ProviderPages providerUrl={data.providerUrl} />}
      {data && !data.managedByProvider && data.signIns.length === 0 && (
        <Text size="sm">{t('SECURITY.SIGN_INS.NONE')}</Text>
      )}
      {data && !data.managedByProvider && data.signIns.length > 0 && (
        // A table where its columns fit; on a phone each sign-in a compact block, no sideways
        // scrolling (issue 43). The roles are spelled out, as the staff list's (decision 0057).
        <div className="sign-ins-frame">
          <Table role="table" className="sign-ins-table">
            <Table.Caption>{t('SECURITY.SIGN_INS.CAPTION')}</Table.Caption>
            <Table.Thead role="rowgroup">
              <Table.Tr role="row">
                {COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col" role="columnheader">
                    {t(`SECURITY.SIGN_INS.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {data.signIns.map((entry) => (
                <SignInRow key={entry.id} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
