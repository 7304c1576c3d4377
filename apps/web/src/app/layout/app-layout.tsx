import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainNavigation } from './main-navigation.tsx';
import { RefusedNotice } from './refused-notice.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import './app-layout.css';

/**
 * The frame of every screen: header, navigation (behind a burger on narrow screens), content
 * and footer. Without customer data there is nothing to navigate to, so no navigation.
 */
export function AppLayout({
  withNavigation,
  children,
}: {
  withNavigation: boolean;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={
          withNavigation
            ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }
            : undefined
        }
        padding="md"
      >
        <AppHeader
          withNavigation={withNavigation}
          navigationOpened={opened}
          onToggleNavigation={toggle}
        />
        {withNavigation && <MainNavigation onNavigate={close} />}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
          <Container size="lg" px={0} className="app-content">
            <RefusedNotice />
            {children}
          </Container>
          <Container size="lg" px={0}>
            <AppFooter />
          </Container>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
