import { NOT_FOUND_TEXT } from '@washdesk/contract';
import { PageLayout } from '../layout/PageLayout.tsx';

export function NotFoundPage() {
  return (
    <PageLayout title={NOT_FOUND_TEXT}>
      <h1>{NOT_FOUND_TEXT}</h1>
      <p className="intro">
        <a href="/">Request a free estimate</a>
      </p>
    </PageLayout>
  );
}
