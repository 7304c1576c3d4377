import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode, ROUTES, type CompanyVm } from '@pp/contract';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { errorTextKey, fieldErrorTextKey } from '../../../lib/api/error-texts.ts';
import { useUiStore } from '../../../lib/ui-state/ui-state-context.ts';

export interface DeletionRequest {
  password?: string;
  code?: string;
  deletePractices: string[];
}

interface DeleteAccountDialogProps {
  opened: boolean;
  email: string;
  /** The embedded provider asks for the password here; an external one for a new sign-in. */
  asksPassword: boolean;
  /** An authenticator app is set up: its code (or a recovery code) is asked for too. */
  asksCode: boolean;
  /** Practices the person is the superadmin of: handed over first, or deleted with the account. */
  ownPractices: readonly CompanyVm[];
  pending: boolean;
  error: unknown;
  onConfirm: (request: DeletionRequest) => void;
  /** An external provider: a new sign-in there (its `auth_time` stands for the password). */
  onSignInAgain: () => void;
  onClose: () => void;
}

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiCallError ? error.errors.find((e) => e.field === field)?.code : undefined;

/**
 * Says what deleting the account does, asks for the password (and the code where an app is set
 * up) and which of the person's own practices go with it, and shows the wait (decision 0078).
 * Built from Modal's parts for its header: Mantine's is a `<header>`, a second page banner.
 */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const { opened, email, asksPassword, asksCode, ownPractices, pending, error } = props;
  const { t } = useTranslation();
  const store = useUiStore();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState<'password' | 'code'>();
  const passwordError = missing === 'password' ? 'required' : fieldError(error, 'body.password');
  const codeError = missing === 'code' ? 'required' : fieldError(error, 'body.code');
  const refusal =
    error instanceof ApiCallError && error.code !== ErrorCode.validation ? error.code : undefined;
  // A practice with other members cannot go with the account (decision 0078): while there is
  // one, the deletion cannot work, so it is named instead of offered (issue 43).
  const blocked = ownPractices.filter((practice) => practice.mayDeleteWithAccount === false);
  const deletable = ownPractices.filter((practice) => practice.mayDeleteWithAccount !== false);
  const offered = blocked.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!offered) return;
    if (asksPassword && password === '') return setMissing('password');
    if (asksCode && code.trim() === '') return setMissing('code');
    setMissing(undefined);
    props.onConfirm({
      ...(asksPassword ? { password } : {}),
      ...(asksCode ? { code: code.trim() } : {}),
      deletePractices: chosen,
    });
  };

  return (
    <Modal.Root opened={opened} onClose={pending ? () => undefined : props.onClose} size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('DELETE_ACCOUNT.TITLE')}</Modal.Title>
          <Modal.CloseButton aria-label={t('ACTIONS.CLOSE')} disabled={pending} />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={submit} noValidate>
            <Text mb="xs">{t('DELETE_ACCOUNT.WHAT_HAPPENS')}</Text>
            <List size="sm" mb="sm" spacing={4}>
              <List.Item>{t('DELETE_ACCOUNT.SESSIONS')}</List.Item>
              <List.Item>{t('DELETE_ACCOUNT.MEMBERSHIPS')}</List.Item>
              <List.Item>{t('DELETE_ACCOUNT.DATA')}</List.Item>
              <List.Item>{t('DELETE_ACCOUNT.AUDIT')}</List.Item>
              <List.Item>{t('DELETE_ACCOUNT.MAIL', { email })}</List.Item>
            </List>
            <Text size="sm" fw={600} mb="md">
              {t('DELETE_ACCOUNT.FINAL')}
            </Text>
            {ownPractices.length > 0 && (
              <Stack gap="xs" mb="md">
                <Text size="sm">{t('DELETE_ACCOUNT.OWN_PRACTICES')}</Text>
                {blocked.map((practice) => (
                  <Stack key={practice.companyId} gap={4}>
                    <Text size="sm" fw={600}>
                      {t('DELETE_ACCOUNT.HAND_OVER_FIRST', { name: practice.name })}
                    </Text>
                    <Link
                      to={ROUTES.employees}
                      onClick={() => store.chooseCompany(practice.companyId)}
                    >
                      {t('DELETE_ACCOUNT.HAND_OVER', { name: practice.name })}
                    </Link>
                  </Stack>
                ))}
                {offered &&
                  deletable.map((practice) => (
                    <Group key={practice.companyId} justify="space-between" wrap="wrap" gap="xs">
                      <Checkbox
                        label={t('DELETE_ACCOUNT.DELETE_PRACTICE', { name: practice.name })}
                        checked={chosen.includes(practice.companyId)}
                        disabled={pending}
                        onChange={(event) => {
                          const on = event.currentTarget.checked;
                          setChosen((ids) =>
                            on
                              ? [...ids, practice.companyId]
                              : ids.filter((id) => id !== practice.companyId),
                          );
                        }}
                      />
                      <Link
                        to={ROUTES.employees}
                        onClick={() => store.chooseCompany(practice.companyId)}
                      >
                        {t('DELETE_ACCOUNT.HAND_OVER', { name: practice.name })}
                      </Link>
                    </Group>
                  ))}
              </Stack>
            )}
            {offered && asksPassword && (
              <PasswordInput
                label={t('DELETE_ACCOUNT.PASSWORD')}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': t('DELETE_ACCOUNT.SHOW_PASSWORD') }}
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={passwordError ? t(fieldErrorTextKey(passwordError)) : undefined}
                disabled={pending}
                mb="sm"
                data-autofocus
              />
            )}
            {offered && asksCode && (
              <TextInput
                label={t('DELETE_ACCOUNT.CODE')}
                description={t('DELETE_ACCOUNT.CODE_HINT')}
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={codeError ? t(fieldErrorTextKey(codeError)) : undefined}
                disabled={pending}
                mb="sm"
              />
            )}
            {offered && !asksPassword && (
              <Group mb="sm" gap="xs" align="center">
                <Text size="sm">{t('DELETE_ACCOUNT.EXTERNAL')}</Text>
                <Button variant="default" size="compact-sm" onClick={props.onSignInAgain}>
                  {t('DELETE_ACCOUNT.SIGN_IN_AGAIN')}
                </Button>
              </Group>
            )}
            {refusal && (
              <Alert role="alert" color="red" variant="outline" mb="md">
                {t(errorTextKey(refusal))}
              </Alert>
            )}
            {pending && (
              <Text size="sm" role="status" mb="sm">
                {t('DELETE_ACCOUNT.WAIT')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose} disabled={pending}>
                {t(offered ? 'ACTIONS.CANCEL' : 'ACTIONS.CLOSE')}
              </Button>
              {offered && (
                <Button type="submit" color="red" loading={pending}>
                  {t('DELETE_ACCOUNT.CONFIRM')}
                </Button>
              )}
            </Group>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
