import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';

export function NotFoundPage() {
  return (
    <PageLayout title={t('notFound.title')}>
      <h1>{t('notFound.title')}</h1>
      <p className="intro">
        <a href="/">{t('notFound.request')}</a>
      </p>
    </PageLayout>
  );
}
