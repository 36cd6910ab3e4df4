import { NOT_FOUND_TEXT } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { PageLayout } from '../layout/PageLayout.tsx';

export function NotFoundPage() {
  return (
    <PageLayout title={NOT_FOUND_TEXT}>
      <h1>{NOT_FOUND_TEXT}</h1>
      <p className="intro">
        <a href="/">{t('notFound.request')}</a>
      </p>
    </PageLayout>
  );
}
