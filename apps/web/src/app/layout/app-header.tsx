import { Anchor, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { PracticeSwitcher } from './practice-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

interface AppHeaderProps {
  /** Whether there is a navigation to open (on narrow screens it hides behind the burger). */
  withNavigation: boolean;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function AppHeader({
  withNavigation,
  navigationOpened,
  onToggleNavigation,
}: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Group gap="xs" wrap="nowrap">
        {withNavigation && (
          <Burger
            opened={navigationOpened}
            onClick={onToggleNavigation}
            hiddenFrom="sm"
            size="sm"
            aria-label={t(navigationOpened ? 'HEADER.CLOSE_NAVIGATION' : 'HEADER.OPEN_NAVIGATION')}
            aria-controls="main-navigation"
            aria-expanded={navigationOpened}
          />
        )}
        <Anchor
          component={Link}
          to={ROUTES.dashboard}
          fw={700}
          c="bright"
          underline="never"
          visibleFrom="xs"
        >
          {t('APP.NAME')}
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PracticeSwitcher />
        <LanguageSwitch />
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </header>
  );
}
