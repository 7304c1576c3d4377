import { ActionIcon, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useUiState } from '../../lib/ui-state/ui-state-context.ts';
import { UserIcon } from './icons.tsx';

/** The signed-in user: their profile and signing out. */
export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const customer = useUiState((state) => state.activeCustomer);
  const name =
    [customer?.firstName, customer?.lastName].filter((part) => !!part).join(' ') ||
    auth.user.name ||
    auth.user.email;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('USER_MENU.LABEL')}
          title={t('USER_MENU.LABEL')}
        >
          <UserIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {name && (
          <Menu.Label>
            <Text size="sm" c="bright" fw={600} component="span">
              {name}
            </Text>
          </Menu.Label>
        )}
        {customer && (
          <Menu.Item component={Link} to={ROUTES.info}>
            {t('USER_MENU.PROFILE')}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => void auth.signOut()}>{t('USER_MENU.SIGN_OUT')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
