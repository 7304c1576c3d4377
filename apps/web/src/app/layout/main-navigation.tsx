import { AppShell, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { navigationFor } from '../../components/navigation/navigation-items.ts';
import { usePortalRole } from '../../lib/ui-state/ui-state-context.ts';

/** The entries the user's role may open, built from the navigation data. */
export function MainNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = navigationFor(usePortalRole());

  return (
    <AppShell.Navbar p="xs" id="main-navigation" component="nav" aria-label={t('NAV.LABEL')}>
      {items.map((item) => {
        const active = pathname === item.path || pathname.startsWith(`${item.path}/`);
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={t(item.labelKey)}
            active={active && pathname === item.path}
            aria-current={pathname === item.path ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </AppShell.Navbar>
  );
}
