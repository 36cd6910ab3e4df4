import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  photoAnalysisResponseSchema,
  photoQuoteResponseSchema,
  photoSubmissionSchema,
} from '@washdesk/contract';
import { startFakeOpenAi } from '../test/fake-openai.ts';
import { fixturePhoto, photoForm, settle, startTestServer, type TestServer } from '../test/test-server.ts';

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
const BUDGET_SECONDS = 4;

let fake: FakeOpenAi;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    env: {
      OPENAI_API_KEY: 'sk-test-not-real',
      OPENAI_BASE_URL: fake.url,
      QUOTE_TIME_BUDGET_SECONDS: String(BUDGET_SECONDS),
    },
  });
});
afterAll(async () => {
  await server.stop();
  await fake.close();
});

const customer = {
  name: 'Rosa Greer',
  phone: '(707) 555-0188',
  email: 'rosa@example.com',
  address: '9 Madrone Ln, Redway',
};
const quoteForm = (photos: string[], info: object = customer) => {
  const form = photoForm({ customerInfo: JSON.stringify(info) });
  photos.forEach((p, i) => form.append(`photo${i}`, new Blob([fs.readFileSync(fixturePhoto(p))]), p));
  return form;
};

async function quoteWith(scenario: string) {
  fake.setScenario(scenario);
  const before = fake.requests.length;
  const started = Date.now();
  const res = await server.anonymous.upload('/api/photo-quote', quoteForm(['pixel-gps-orientation1.jpg']));
  const elapsed = Date.now() - started;
  expect(res.status, scenario).toBe(200);
  const body = photoQuoteResponseSchema.parse(await res.json());
  const saved = photoSubmissionSchema.parse(
    await (await server.get(`/api/photo-submissions/${body.submissionId}`)).json(),
  );
  return { body, saved, elapsed, requests: fake.requests.length - before };
}

describe('POST /api/photo-quote with the model answering every way it can', () => {
  it('a good analysis becomes a priced quote from the model', async () => {
    const { body, saved, elapsed } = await quoteWith('good');
    expect(body.provider).toBe('openai');
    expect(body.quote.priceRange).toMatch(/^\$[\d,]+ - \$[\d,]+$/);
    expect(body.quote.estimatedArea).toMatch(/sq ft$/);
    expect(saved).toMatchObject({ customerName: 'Rosa Greer', source: 'quote-tool', status: 'pending' });
    expect(saved.photos).toHaveLength(1);
    expect(saved.analysis).toMatchObject({ provider: 'openai', fallbackReason: null });
    expect(saved.analysis!.priceLow).toBe(
      Number(body.quote.priceRange.split(' - ')[0]!.replace(/[$,]/g, '')),
    );
    expect(elapsed).toBeLessThan(BUDGET_SECONDS * 1000);
  });

  it.each(['malformed', 'refusal', 'out-of-range', 'rate-limit', 'quota', 'server-error', 'hang'])(
    '%s ends in the local estimate, in budget, with the lead and photos saved',
    async (scenario) => {
      const { body, saved, elapsed } = await quoteWith(scenario);
      expect(body.provider).toBe('local-estimate');
      expect(body.quote.priceRange).toMatch(/^\$[\d,]+( - \$[\d,]+)?$/);
      expect(body.quote.notes).toContain('without photo analysis');
      expect(saved.photos).toHaveLength(1);
      expect((await server.get(saved.photos[0]!.url)).status).toBe(200);
      expect(saved.analysis).toMatchObject({ provider: 'local-estimate' });
      expect(saved.analysis!.fallbackReason).toMatch(/\w/);
      expect(elapsed).toBeLessThan(BUDGET_SECONDS * 1000 + 1500);
    },
  );

  it('never sends GPS to the model, nor keeps it on disk', async () => {
    fake.setScenario('good');
    const before = fake.requests.length;
    const res = await server.anonymous.upload(
      '/api/photo-quote',
      quoteForm(['iphone5-gps-orientation3.jpg']),
    );
    const { submissionId } = await res.json();
    const sent = JSON.stringify(fake.requests.slice(before));
    const images = [...sent.matchAll(/data:image\/jpeg;base64,([A-Za-z0-9+/=]+)/g)].map((m) =>
      Buffer.from(m[1]!, 'base64'),
    );
    expect(images).toHaveLength(1);
    for (const image of images) expect((await sharp(image).metadata()).exif).toBeUndefined();
    const saved = await (await server.get(`/api/photo-submissions/${submissionId}`)).json();
    const stored = Buffer.from(await (await server.get(saved.photos[0].url)).arrayBuffer());
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('accepts an iPhone HEIC photo', async () => {
    fake.setScenario('good');
    const res = await server.anonymous.upload(
      '/api/photo-quote',
      quoteForm(['iphone-xr-gps-orientation6.heic']),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).provider).toBe('openai');
  });
});

describe('POST /api/photo-quote refusals', () => {
  it('needs a name and phone, and photos, and stores nothing without them', async () => {
    const rows = server.count('photo_submissions');
    const noName = await server.anonymous.upload(
      '/api/photo-quote',
      quoteForm(['coffee-photo.png'], { phone: '7075550100' }),
    );
    expect(noName.status).toBe(400);
    expect((await noName.json()).error.fields.name).toBe('Please provide your name and phone number.');
    const noPhotos = await server.anonymous.upload('/api/photo-quote', quoteForm([]));
    expect((await noPhotos.json()).error.fields.photos).toBe(
      'Please upload at least one photo to get a quote.',
    );
    const badJson = await server.anonymous.upload('/api/photo-quote', photoForm({ customerInfo: '{oops' }));
    expect((await badJson.json()).error.fields.customerInfo).toBe('customerInfo must be JSON');
    const six = await server.anonymous.upload(
      '/api/photo-quote',
      quoteForm(Array(6).fill('coffee-photo.png')),
    );
    expect(six.status).toBe(413);
    await settle();
    expect(server.count('photo_submissions')).toBe(rows);
  });
});

describe("POST /api/analyze-photos (the photo form's AI analysis)", () => {
  const fields = {
    firstName: 'Walt',
    lastName: 'Jensen',
    phone: '707-555-0177',
    serviceType: 'House Soft Wash',
    notes: 'Two-story',
  };

  it('answers the detailed quote and the analysis, saved on the submission', async () => {
    fake.setScenario('good');
    const res = await server.anonymous.upload(
      '/api/analyze-photos',
      photoForm(fields, [{ path: fixturePhoto('samsung-j327-orientation6.jpg') }]),
    );
    expect(res.status).toBe(200);
    const body = photoAnalysisResponseSchema.parse(await res.json());
    const { detailedQuote: q } = body;
    const sum =
      q.serviceBreakdown.reduce((s, l) => s + l.subtotal, 0) +
      q.adjustments.reduce((s, a) => s + a.amount, 0);
    expect(q.totalAmount).toBe(sum);
    expect(q.rateLabel).toBe('California High-End Rate');
    expect(body.analysisResults.length).toBeGreaterThan(0);
    const saved = await (await server.get(`/api/photo-submissions/${body.submissionId}`)).json();
    expect(saved).toMatchObject({ source: 'ai-analysis', serviceType: 'House Soft Wash' });
    expect(saved.analysis.suggestedTotal).toBe(q.totalAmount);
  });

  it('refuses missing fields like the manual form', async () => {
    const res = await server.anonymous.upload(
      '/api/analyze-photos',
      photoForm({}, [{ path: fixturePhoto('coffee-photo.png') }]),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.firstName).toBe('First name is required');
  });
});

describe('without an AI key', () => {
  it('quotes from the local estimate, clearly labelled', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.anonymous.upload('/api/photo-quote', quoteForm(['coffee-photo.png']));
      const body = photoQuoteResponseSchema.parse(await res.json());
      expect(body.provider).toBe('local-estimate');
      expect(body.quote.notes).toContain('without photo analysis');
      const saved = await (await plain.get(`/api/photo-submissions/${body.submissionId}`)).json();
      expect(saved.analysis).toMatchObject({
        provider: 'local-estimate',
        fallbackReason: 'no AI key configured',
      });
    } finally {
      await plain.stop();
    }
  });
});
