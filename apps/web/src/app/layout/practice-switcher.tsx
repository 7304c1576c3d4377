import { Button, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSelectable } from '../../lib/ui-state/companies.ts';
import { useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { useActiveCompany, useCompanies } from '../../lib/ui-state/use-customer.ts';
import { DisclosureMenu } from './disclosure-menu.tsx';
import { ChevronDownIcon } from './icons.tsx';
import './practice-switcher.css';

/** Shown when the user can work in more than one practice; the choice lasts for this tab. */
export function PracticeSwitcher() {
  const { t } = useTranslation();
  const store = useUiStore();
  const companies = useCompanies();
  const active = useActiveCompany();
  const selectable = companies.filter(isSelectable);
  const name = useRef<HTMLSpanElement>(null);
  const [shortened, setShortened] = useState(false);
  if (selectable.length < 2 || !active) return null;

  // Measured when the user points at or focuses the button: the width depends on the screen.
  const measure = () =>
    setShortened(!!name.current && name.current.scrollHeight > name.current.clientHeight);

  return (
    <DisclosureMenu
      align="start"
      trigger={(props) => (
        <>
          <Button
            {...props}
            variant="default"
            rightSection={<ChevronDownIcon />}
            aria-label={t('PRACTICE_SWITCHER.CURRENT', { name: active.name })}
            className="practice-switcher"
            classNames={{ label: 'practice-switcher-label', section: 'practice-switcher-chevron' }}
            onPointerEnter={measure}
            onFocus={measure}
          >
            <span ref={name} className="practice-switcher-name">
              {active.name}
            </span>
          </Button>
          {/* The button's name already says it to screen readers. */}
          <span
            className="practice-switcher-full"
            aria-hidden="true"
            data-shortened={shortened || undefined}
          >
            {active.name}
          </span>
        </>
      )}
    >
      {(close) => (
        <ul className="disclosure-list" aria-label={t('PRACTICE_SWITCHER.LABEL')}>
          {selectable.map((company) => {
            const current = company.companyId === active.companyId;
            return (
              <li key={company.companyId}>
                <UnstyledButton
                  className="disclosure-item"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    store.chooseCompany(company.companyId);
                    close();
                  }}
                >
                  {company.name}
                  {company.isPrimary && (
                    <span className="disclosure-note"> · {t('PRACTICE_SWITCHER.PRIMARY')}</span>
                  )}
                  {current && <VisuallyHidden> ({t('PRACTICE_SWITCHER.ACTIVE')})</VisuallyHidden>}
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </DisclosureMenu>
  );
}
