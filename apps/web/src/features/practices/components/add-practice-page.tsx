import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { AddPracticeForm } from './add-practice-form.tsx';

/** `/my-practice/new-practice/add`: a new practice, whose superadmin the user becomes. */
export function AddPracticePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('PAGES.NEW_PRACTICE_ADD.TITLE')}
        description={t('PAGES.NEW_PRACTICE_ADD.DESCRIPTION')}
      />
      <AddPracticeForm />
    </>
  );
}
