import { describe, expect, it } from 'vitest';
import { MAX_TIP_CENTS } from '@washdesk/contract';
import { loggablePath } from '../http/secret-paths.ts';
import { invoiceRigForTests } from '../test/invoice-rig.ts';

// Attacks on invoices: a link opens its own invoice only, every other spelling of a token is the
// same 404, staff's routes need a session, and no amount can be negative, fractional, above what
// is owed, a tip above the maximum, a fee of any kind, or paid on a void or paid invoice.

const MONDAY_9AM = Date.parse('2026-11-23T17:00:00Z');
const rig = invoiceRigForTests({ start: MONDAY_9AM });
const server = () => rig.office.server;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const pay = (token: string, body: unknown) => server().anonymous.send('POST', `/api/public/invoices/${token}/pay`, body);

describe('an invoice’s link', () => {
  it('opens its own invoice only; a changed, shortened, lengthened or other token is the same 404', async () => {
    const a = await rig.doneJob(await rig.customer(), { amounts: [11_100] });
    const b = await rig.doneJob(await rig.customer(), { amounts: [22_200] });
    const pageOf = async (token: string) => server().anonymous.get(`/api/public/invoices/${token}`);
    expect(((await (await pageOf(a.token)).json()) as { totalCents: number }).totalCents).toBe(11_100);
    expect(((await (await pageOf(b.token)).json()) as { totalCents: number }).totalCents).toBe(22_200);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const tampered = [
      `${a.token.slice(0, -1)}${flip(a.token.at(-1)!)}`,
      a.token.slice(0, -1),
      `${a.token}A`,
      a.token.toLowerCase() === a.token ? a.token.toUpperCase() : a.token.toLowerCase(),
      'A'.repeat(43),
    ];
    for (const token of tampered) {
      const res = await pageOf(token);
      expect(res.status, token).toBe(404);
      expect((await errorOf(res)).message).toBe('Invoice not found');
      // Pay with a wrong link is a 404 whatever its body.
      expect((await pay(token, { amountCents: -5 })).status).toBe(404);
    }
  });

  it('never writes a token to a log', async () => {
    const { token } = await rig.doneJob(await rig.customer());
    expect(loggablePath(`/invoice/${token}`)).toBe('/invoice/:token');
    expect(loggablePath(`/api/public/invoices/${token}/pay`)).toBe('/api/public/invoices/:token/pay');
    expect(loggablePath(`/API/public//Invoices/${token}`)).not.toContain(token);
  });
});

describe('staff’s invoice routes', () => {
  it('answer nobody without a session', async () => {
    const { id } = await rig.doneJob(await rig.customer());
    for (const [method, path, body] of [
      ['GET', '/api/invoices', undefined],
      ['GET', `/api/invoices/${id}`, undefined],
      ['POST', `/api/invoices/${id}/payments`, { method: 'cash', amountCents: 100 }],
      ['POST', `/api/invoices/${id}/void`, { reason: 'x' }],
      ['POST', `/api/invoices/${id}/send`, undefined],
      ['POST', '/api/jobs/1/invoice', undefined],
    ] as const) {
      const res = await server().anonymous.send(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const stillOpen = await rig.invoice(id);
    expect(stillOpen.payments).toEqual([]);
    expect(stillOpen.status).toBe('open');
  });
});

describe('amounts', () => {
  it('refuses negative, fractional, non-number and fee-carrying amounts, and tips out of range', async () => {
    const { id, token } = await rig.doneJob(await rig.customer(), { amounts: [30_000] });
    for (const amountCents of [-100, 0, 100.5, '100', null, 1e300, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await server().send('POST', `/api/invoices/${id}/payments`, { method: 'cash', amountCents });
      expect(res.status, String(amountCents)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(amountCents)).toBeLessThan(500);
      const paid = await pay(token, { amountCents });
      expect(paid.status, String(amountCents)).toBe(400);
    }
    for (const tipCents of [-1, 0.5, MAX_TIP_CENTS + 1, '500']) {
      const res = await pay(token, { amountCents: 1_000, tipCents });
      expect(res.status, String(tipCents)).toBe(400);
    }
    const overTip = await pay(token, { amountCents: 1_000, tipCents: MAX_TIP_CENTS + 1 });
    expect((await errorOf(overTip)).fields?.tipCents).toBe('A tip can be at most $1,000');
    // No field can add a fee or a surcharge: unknown keys are refused, not ignored.
    for (const extra of [{ feeCents: 300 }, { surchargeCents: 300 }, { totalCents: 1 }]) {
      expect((await pay(token, { amountCents: 1_000, ...extra })).status).toBe(400);
      expect(
        (await server().send('POST', `/api/invoices/${id}/payments`, { method: 'cash', amountCents: 1_000, ...extra })).status,
      ).toBe(400);
    }
    const card = await server().send('POST', `/api/invoices/${id}/payments`, { method: 'card', amountCents: 1_000 });
    expect(card.status).toBe(400);
    expect((await errorOf(card)).fields?.method).toBe('Choose cash, check or other');
    const over = await server().send('POST', `/api/invoices/${id}/payments`, { method: 'cash', amountCents: 30_001 });
    expect(over.status).toBe(422);
    expect((await rig.invoice(id)).payments).toEqual([]);
  });

  it('takes no payment on a void or a paid invoice', async () => {
    const voided = await rig.doneJob(await rig.customer());
    await server().send('POST', `/api/invoices/${voided.id}/void`, { reason: 'Wrong customer' });
    const onVoid = await pay(voided.token, { amountCents: 1_000 });
    expect(onVoid.status).toBe(409);
    expect((await errorOf(onVoid)).message).toBe('This invoice is void');

    const paid = await rig.doneJob(await rig.customer(), { amounts: [5_000] });
    expect(
      (await server().send('POST', `/api/invoices/${paid.id}/payments`, { method: 'cash', amountCents: 5_000 })).status,
    ).toBe(201);
    const onPaid = await pay(paid.token, {});
    expect(onPaid.status).toBe(409);
    expect((await errorOf(onPaid)).message).toBe('This invoice is already paid');
    expect(
      (await server().send('POST', `/api/invoices/${paid.id}/payments`, { method: 'cash', amountCents: 100 })).status,
    ).toBe(409);
  });
});
