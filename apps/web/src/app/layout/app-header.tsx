import { Anchor, Burger, Group } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { usePortalName } from '../../components/portal-name.ts';
import { useWebConfiguration } from '../../lib/auth/web-configuration.ts';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { PracticeSwitcher } from './practice-switcher.tsx';
import { UserMenu } from './user-menu.tsx';

interface AppHeaderProps {
  /** Whether there is a navigation to open (on narrow screens it hides behind the burger). */
  withNavigation: boolean;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
  /** The burger, which takes the focus back when the navigation closes by Escape. */
  burgerRef?: Ref<HTMLButtonElement>;
}

export function AppHeader({
  withNavigation,
  navigationOpened,
  onToggleNavigation,
  burgerRef,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const { logoUrl } = useWebConfiguration();
  const name = usePortalName();
  return (
    <header className="app-header">
      <Group gap="xs" wrap="nowrap">
        {withNavigation && (
          <Burger
            ref={burgerRef}
            opened={navigationOpened}
            onClick={onToggleNavigation}
            hiddenFrom="sm"
            size="sm"
            aria-label={t(navigationOpened ? 'HEADER.CLOSE_NAVIGATION' : 'HEADER.OPEN_NAVIGATION')}
            aria-controls="main-navigation"
            aria-expanded={navigationOpened}
          />
        )}
        {/* On a phone the name gives way to the switchers; a logo stays, named by the link. */}
        <Anchor
          component={Link}
          to={ROUTES.dashboard}
          className="app-brand"
          underline="never"
          aria-label={logoUrl ? name : undefined}
          visibleFrom={logoUrl ? undefined : 'xs'}
        >
          {logoUrl && <img src={logoUrl} alt="" className="app-brand-logo" />}
          <span className="app-brand-name">{name}</span>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <PracticeSwitcher />
        <LanguageSwitch />
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </header>
  );
}
