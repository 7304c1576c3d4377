import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { PageNotice } from './page-notice.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import './app-layout.css';

interface AppLayoutProps {
  /**
   * `links` once the customer's data tells the role; `pending` while it loads (a skeleton in its
   * place); `none` without customer data, when there is nothing to navigate to.
   */
  navigation: 'links' | 'pending' | 'none';
  children: ReactNode;
}

/** The frame of every screen: header, navigation (behind a burger on narrow screens), content, footer. */
export function AppLayout({ navigation, children }: AppLayoutProps) {
  const [opened, setOpened] = useState(false);
  const withNavigation = navigation !== 'none';
  const burgerRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open navigation (a phone's menu) and hands the focus back to the burger.
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpened(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  return (
    <>
      <SkipLink />
      <AppHeader
        withNavigation={withNavigation}
        navigationOpened={opened}
        onToggleNavigation={() => setOpened((current) => !current)}
        burgerRef={burgerRef}
      />
      <div className="app-body" data-with-navigation={withNavigation || undefined}>
        {withNavigation && (
          <MainNavigation
            opened={opened}
            pending={navigation === 'pending'}
            onNavigate={() => setOpened(false)}
          />
        )}
        <div className="app-column">
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
            <PageNotice />
            <ConnectionNotice />
            {children}
          </main>
          <AppFooter />
        </div>
      </div>
    </>
  );
}
