import { Button, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSelectable } from '../../lib/ui-state/companies.ts';
import { useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { useActiveCompany, useCompanies } from '../../lib/ui-state/use-customer.ts';
import { DisclosureMenu } from './disclosure-menu.tsx';
import { ChevronDownIcon } from './icons.tsx';

/** Shown when the user can work in more than one practice; the choice lasts for this tab. */
export function PracticeSwitcher() {
  const { t } = useTranslation();
  const store = useUiStore();
  const companies = useCompanies();
  const active = useActiveCompany();
  const selectable = companies.filter(isSelectable);
  if (selectable.length < 2 || !active) return null;

  return (
    <DisclosureMenu
      align="start"
      trigger={(props) => (
        <Button
          {...props}
          variant="default"
          rightSection={<ChevronDownIcon />}
          aria-label={t('PRACTICE_SWITCHER.CURRENT', { name: active.name })}
          title={t('PRACTICE_SWITCHER.LABEL')}
          className="practice-switcher"
        >
          {active.name}
        </Button>
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
