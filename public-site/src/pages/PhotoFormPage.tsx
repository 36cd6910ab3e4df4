import { PageLayout } from '../layout/PageLayout.tsx';

/** Photos for a manual or AI-assisted estimate (spec: photo form). */
export function PhotoFormPage() {
  return (
    <PageLayout title="Photo Submission for Estimate">
      <h1>Photo Submission for Estimate</h1>
      <p className="intro">
        Send us a few photos of your house, roof, deck or driveway. Our AI gives you an instant estimate, or
        our team reviews your photos by hand and gets back to you.
      </p>
    </PageLayout>
  );
}
