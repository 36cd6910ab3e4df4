import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photoAnalysisResponseSchema, photoSubmissionSchema } from '@washdesk/contract';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { fixturePhoto, photoForm, startTestServer, type TestServer } from '../test/test-server.ts';

// Item 12: the photo form's "instant estimate" without an AI model is priced from what the customer
// told us, including the size of the home when given; nothing claims the photos were analysed.

const fields = {
  firstName: 'Walt',
  lastName: 'Jensen',
  phone: '707-555-0177',
  serviceType: 'House Soft Wash',
  notes: '',
};
const analyse = (server: TestServer, extra: Record<string, string>) =>
  server.anonymous.upload(
    '/api/analyze-photos',
    photoForm({ ...fields, ...extra }, [{ path: fixturePhoto('coffee-photo.png') }]),
  );

describe('POST /api/analyze-photos without an AI key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  afterEach(() => expect(server.errors).toEqual([]));

  it('prices the stories and square feet the customer gave, and keeps them on the submission', async () => {
    const res = await analyse(server, { stories: '2', squareFeet: '2,400' });
    expect(res.status).toBe(200);
    const body = photoAnalysisResponseSchema.parse(await res.json());
    expect(body.provider).toBe('local-estimate');
    // 2,400 sq ft at the middle rate $0.525 = $1,260; two stories are moderate work, +10% = $126.
    // Range: 2400 × 0.40 × 1.1 = 1,056 to 2400 × 0.65 × 1.1 = 1,716.
    expect(body.detailedQuote).toMatchObject({
      totalSquareFootage: 2400,
      totalAmount: 1386,
      serviceBreakdown: [{ service: 'House Soft Washing', squareFootage: 2400, subtotal: 1260 }],
      adjustments: [{ reason: 'Moderate access or conditions: House Soft Washing (+10%)', amount: 126 }],
      priceRange: { low: 1056, high: 1716 },
    });
    expect(body.analysisResults).toEqual([
      { surfaceType: 'house_soft_wash', squareFootage: 2400, confidence: 0.3 },
    ]);
    expect(body.notes).toBe(
      'Rough estimate from your answers, without photo analysis. Our free on-site estimate confirms the price.',
    );
    const saved = photoSubmissionSchema.parse(
      await (await server.get(`/api/photo-submissions/${body.submissionId}`)).json(),
    );
    expect(saved).toMatchObject({ stories: 2, squareFeet: 2400, source: 'ai-analysis' });
  });

  it('uses typical sizes when the size is left blank', async () => {
    const res = await analyse(server, { stories: '', squareFeet: '' });
    const body = photoAnalysisResponseSchema.parse(await res.json());
    // A typical 2,200 sq ft one-story house: 2200 × 0.40 = 880 to 2200 × 0.65 = 1,430.
    expect(body.detailedQuote.priceRange).toEqual({ low: 880, high: 1430 });
    const saved = await (await server.get(`/api/photo-submissions/${body.submissionId}`)).json();
    expect(saved).toMatchObject({ stories: null, squareFeet: null });
  });

  it.each([
    ['stories', 'two', 'Stories must be a whole number from 1 to 4'],
    ['stories', '0', 'Stories must be a whole number from 1 to 4'],
    ['stories', '2.5', 'Stories must be a whole number from 1 to 4'],
    ['squareFeet', '99,999', 'Square feet must be a whole number from 300 to 20,000'],
    ['squareFeet', '1,2345', 'Square feet must be a whole number from 300 to 20,000'],
    ['squareFeet', '0x900', 'Square feet must be a whole number from 300 to 20,000'],
    ['squareFeet', '-1500', 'Square feet must be a whole number from 300 to 20,000'],
  ])('refuses %s = %j with a clear message and stores nothing', async (field, value, message) => {
    const rows = server.count('photo_submissions');
    const res = await analyse(server, { [field]: value });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ [field]: message });
    expect(server.count('photo_submissions')).toBe(rows);
  });

  it('accepts the same fields on the manual submission, for staff to read', async () => {
    const res = await server.anonymous.upload(
      '/api/photo-submissions',
      photoForm({ ...fields, stories: '1', squareFeet: '1800' }, [
        { path: fixturePhoto('coffee-photo.png') },
      ]),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ stories: 1, squareFeet: 1800, analysis: null });
  });
});

describe('POST /api/analyze-photos with an AI model', () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      env: { OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });

  it("prices the model's measurements, not the size the customer typed", async () => {
    fake.setScenario('good');
    const res = await analyse(server, { stories: '1', squareFeet: '900' });
    const body = photoAnalysisResponseSchema.parse(await res.json());
    expect(body.provider).toBe('openai');
    // The fake's house (1,800 sq ft, moderate) and driveway (450 sq ft, easy).
    expect(body.detailedQuote.totalSquareFootage).toBe(2250);
  });
});
