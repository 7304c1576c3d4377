import { Badge, Button, Menu, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isSelectable } from '../../lib/ui-state/companies.ts';
import { useUiState, useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { ChevronDownIcon } from './icons.tsx';

/** Shown when the user can work in more than one practice; the choice lasts for this tab. */
export function PracticeSwitcher() {
  const { t } = useTranslation();
  const store = useUiStore();
  const companies = useUiState((state) => state.companies);
  const active = useUiState((state) => state.activeCompany);
  const selectable = companies.filter(isSelectable);
  if (selectable.length < 2 || !active) return null;

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<ChevronDownIcon />}
          aria-label={t('PRACTICE_SWITCHER.CURRENT', { name: active.name })}
          title={t('PRACTICE_SWITCHER.LABEL')}
          maw={{ base: 140, sm: 280 }}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {active.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('PRACTICE_SWITCHER.LABEL')}</Menu.Label>
        {selectable.map((company) => (
          <Menu.Item
            key={company.companyId}
            onClick={() => store.switchCompany(company.companyId)}
            aria-current={company.companyId === active.companyId ? 'true' : undefined}
            fw={company.companyId === active.companyId ? 700 : undefined}
            rightSection={
              company.isPrimary ? (
                <Badge variant="outline" size="sm">
                  {t('PRACTICE_SWITCHER.PRIMARY')}
                </Badge>
              ) : undefined
            }
          >
            {company.name}
            {company.companyId === active.companyId && (
              <VisuallyHidden> ({t('PRACTICE_SWITCHER.ACTIVE')})</VisuallyHidden>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
