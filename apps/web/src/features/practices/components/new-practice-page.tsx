import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { CONNECT_SECTION_ID } from '../practice-links.ts';
import { ConnectPracticeForm } from './connect-practice-form.tsx';

/** `/my-practice/new-practice`: add a practice of one's own, or ask to join an existing one. */
export function NewPracticePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('PAGES.NEW_PRACTICE.TITLE')}
        description={t('PAGES.NEW_PRACTICE.DESCRIPTION')}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="xl">
        <Card withBorder component="section" aria-labelledby="add-practice-heading">
          <Title order={2} size="h4" id="add-practice-heading" mb="xs">
            {t('NEW_PRACTICE.ADD_TITLE')}
          </Title>
          <Text mb="lg">{t('NEW_PRACTICE.ADD_TEXT')}</Text>
          <Button
            component={Link}
            to={ROUTES.newPracticeAdd}
            mt="auto"
            style={{ alignSelf: 'start' }}
          >
            {t('NEW_PRACTICE.ADD')}
          </Button>
        </Card>
        <Card withBorder component="section" aria-labelledby={CONNECT_SECTION_ID}>
          <Title order={2} size="h4" id={CONNECT_SECTION_ID} mb="xs">
            {t('NEW_PRACTICE.CONNECT_TITLE')}
          </Title>
          <Text mb="lg">{t('NEW_PRACTICE.CONNECT_TEXT')}</Text>
          <ConnectPracticeForm />
        </Card>
      </SimpleGrid>
    </>
  );
}
