import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { navigationFor } from '../../components/navigation/navigation-items.ts';
import { usePortalRole } from '../../lib/ui-state/use-customer.ts';
import './main-navigation.css';

interface MainNavigationProps {
  /** On narrow screens the navigation is a panel the burger opens. */
  opened: boolean;
  /** The role is not known yet: placeholders stand where the entries will be. */
  pending?: boolean;
  onNavigate: () => void;
}

const PLACEHOLDERS = [0, 1, 2, 3];

/** The entries the user's role may open, built from the navigation data. */
export function MainNavigation({ opened, pending = false, onNavigate }: MainNavigationProps) {
  const { t } = useTranslation();
  const items = navigationFor(usePortalRole());

  return (
    <nav
      id="main-navigation"
      className="app-nav"
      data-opened={opened || undefined}
      aria-label={t('NAV.LABEL')}
      aria-busy={pending || undefined}
    >
      {pending ? (
        <ul aria-hidden="true">
          {PLACEHOLDERS.map((index) => (
            <li key={index} className="app-nav-placeholder" />
          ))}
        </ul>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end className="app-nav-link" onClick={onNavigate}>
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
