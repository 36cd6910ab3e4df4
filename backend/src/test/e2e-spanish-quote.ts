import { planVisitPagePath } from '@washdesk/contract';
import { planVisitLinks } from '../service-plans/plan-visit-links.ts';
import { fixturePhoto, photoForm, type TestServer } from './test-server.ts';

// The spanish-quote scenario of e2e-server.ts: a customer writes from the photo form in Spanish
// (the page's Content-Language), so the quote staff send her is frozen in Spanish (its services and
// terms), and she is on a yearly house-wash and gutter plan whose January job asks her to pick a
// slot. The line adds the quote's page and the plan job's page (its key minted as the account page
// mints it), which spanish-pages.spec.ts walks with ?lang=es.

export const SPANISH_CUSTOMER = {
  firstName: 'Rosa',
  lastName: 'Méndez',
  phone: '+17075550171',
  address: '8 Alder Point Rd, Garberville, CA',
};

export async function seedSpanishQuote(server: TestServer, clock: Date) {
  const sent = await fetch(`${server.url}/api/photo-submissions`, {
    method: 'POST',
    headers: { 'Content-Language': 'es' },
    body: photoForm({ ...SPANISH_CUSTOMER, serviceType: 'House Soft Wash' }, [
      { path: fixturePhoto('pixel-gps-orientation1.jpg') },
    ]),
  });
  if (sent.status !== 201) throw new Error(`The Spanish photo form was refused: ${sent.status}`);
  const submissions = (await (await server.get('/api/photo-submissions')).json()) as {
    id: number;
    phone: string;
  }[];
  const submission = submissions.find((s) => s.phone.replace(/\D/g, '').endsWith('7075550171'));
  if (!submission) throw new Error('The Spanish submission is not listed');
  const quoted = await server.send('POST', `/api/photo-submissions/${submission.id}/quotes`, {
    estimateAmount: 450,
  });
  if (quoted.status !== 201) throw new Error(`The quote was not sent: ${quoted.status}`);
  const { link } = ((await quoted.json()) as { quote: { link: string } }).quote;

  const customerId = (
    server.db
      .prepare("SELECT customer_id AS id FROM customer_keys WHERE key = 'phone:' || substr(?, 3)")
      .get(SPANISH_CUSTOMER.phone) as { id: number }
  ).id;
  const plan = await server.send('POST', `/api/customers/${customerId}/service-plans`, {
    everyYears: 1,
    month: 1,
    services: [
      { service: 'house-wash', amountCents: 45_000 },
      { service: 'gutter-cleaning', amountCents: 15_050 },
    ],
    durationMinutes: 180,
  });
  if (plan.status !== 201) throw new Error(`The plan was not made: ${plan.status}`);
  const planId = ((await plan.json()) as { id: number }).id;
  const job = server.db.prepare('SELECT id, title FROM jobs WHERE plan_id = ?').get(planId) as
    | { id: number; title: string }
    | undefined;
  if (!job) throw new Error('The plan made no job in its season');
  return {
    quotePath: new URL(link).pathname,
    planVisitPath: planVisitPagePath(planVisitLinks(server.db).mint(job.id, clock.toISOString())),
    // What the office chose, as the plan names it: shown as it is on her Spanish page.
    planTitle: job.title,
  };
}
