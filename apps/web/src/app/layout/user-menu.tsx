import { ActionIcon, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useCustomer } from '../../lib/ui-state/use-customer.ts';
import { DisclosureMenu } from './disclosure-menu.tsx';
import { UserIcon } from './icons.tsx';

/** The signed-in user: their profile and signing out. */
export function UserMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const customer = useCustomer();
  const name =
    [customer?.firstName, customer?.lastName].filter((part) => !!part).join(' ') ||
    auth.user.name ||
    auth.user.email;

  return (
    <DisclosureMenu
      trigger={(props) => (
        <ActionIcon
          {...props}
          variant="default"
          size="lg"
          aria-label={t('USER_MENU.LABEL')}
          title={t('USER_MENU.LABEL')}
        >
          <UserIcon />
        </ActionIcon>
      )}
    >
      {(close) => (
        <>
          {name && (
            <Text size="sm" fw={600} px="sm" py={6}>
              {name}
            </Text>
          )}
          <ul className="disclosure-list">
            {customer && (
              <li>
                <Link to={ROUTES.info} className="disclosure-item" onClick={close}>
                  {t('USER_MENU.PROFILE')}
                </Link>
              </li>
            )}
            {customer && (
              <li>
                <Link to={ROUTES.security} className="disclosure-item" onClick={close}>
                  {t('USER_MENU.SECURITY')}
                </Link>
              </li>
            )}
            <li>
              <UnstyledButton className="disclosure-item" onClick={() => void auth.signOut()}>
                {t('USER_MENU.SIGN_OUT')}
              </UnstyledButton>
            </li>
          </ul>
        </>
      )}
    </DisclosureMenu>
  );
}
