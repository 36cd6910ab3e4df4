import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_TERMS_IN } from '@washdesk/contract';
import { isSpanish } from '../assistant/spanish.ts';
import { startFakeSmtp, type FakeSmtp } from '../test/fake-smtp.ts';
import { fixturePhoto, photoForm } from '../test/test-server.ts';
import { startTextingServer, type TextingServer } from '../test/texting-server.ts';
import { consentKeywordOf } from '../texts/text-consent.ts';

// The customer's language through the real server (issue 37): a Spanish page, a Spanish text or
// a Spanish call store it once on the customer, and from then on every message that goes to them
// out of the outbox (texts through the twilio SDK to a fake Twilio, e-mails to a fake SMTP server)
// is Spanish: the quote, its follow-ups, the visit's confirmation and reminders, the answer to
// "C", the rain day's move, the review request, the re-service reminder and HELP. An English
// customer beside them keeps reading the contract's English words.

// Monday 30 November 2026, 8 AM in California.
const NOW = Date.parse('2026-11-30T16:00:00Z');
const DAY = 86_400_000;
const ROSA = { phone: '+17075550171', email: 'rosa.mendez@example.com' };
const ED = '+17075550172';

/** English words no Spanish message of ours has (a name or a town may be in either). */
const ENGLISH = /\b(your|the|you|and|reply|call us|visit on|thank you|reminder|quote is)\b/i;
/** Spanish: the assistant's own rule (spanish.ts), or words every Spanish message of ours has one of. */
const SPANISH = (text: string) => isSpanish(text) || /(?<!\p{L})(su|para|llame|responda|gracias|hola)(?!\p{L})/iu.test(text);

let office: TextingServer;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  office = await startTextingServer({
    start: NOW,
    env: { SMTP_URL: smtp.url, QUOTE_FROM_EMAIL: 'office@lostcoast-softwash.example' },
  });
});
afterAll(async () => {
  await office.stop();
  await smtp.close();
});
afterEach(() => expect(office.server.errors).toEqual([]));

const languageOfCustomerWith = (phone: string) =>
  (
    office.server.db
      .prepare(
        `SELECT c.language FROM customers c JOIN customer_keys k ON k.customer_id = c.id
         WHERE k.key = 'phone:' || substr(?, 3) AND c.merged_into IS NULL`,
      )
      .get(phone) as { language: string | null } | undefined
  )?.language ?? null;

/** The photo form as the page sends it, in the page's language (Content-Language). */
const photoFormIn = (language: string | null, fields: Record<string, string>) =>
  fetch(`${office.server.url}/api/photo-submissions`, {
    method: 'POST',
    headers: language ? { 'Content-Language': language } : {},
    body: photoForm(
      { serviceType: 'House Soft Wash', address: '8 Alder Point Rd, Garberville, CA', ...fields },
      [{ path: fixturePhoto('pixel-gps-orientation1.jpg') }],
    ),
  });

/** Every message that left the outbox for these recipients, as it was stored and sent. */
const sentTo = (...recipients: string[]) =>
  office.server.db
    .prepare(
      `SELECT template, channel, subject, body FROM outbox_messages
       WHERE recipient IN (${recipients.map(() => '?').join(', ')}) AND state = 'sent' ORDER BY id`,
    )
    .all(...recipients) as { template: string; channel: string; subject: string | null; body: string }[];

describe('a Spanish-speaking customer', () => {
  it('is remembered from the page they wrote in, and an English page leaves a customer English', async () => {
    const spanish = await photoFormIn('es', { firstName: 'Rosa', lastName: 'Méndez', ...ROSA });
    expect(spanish.status).toBe(201);
    expect(languageOfCustomerWith(ROSA.phone)).toBe('es');
    const english = await photoFormIn(null, { firstName: 'Ed', lastName: 'Shaw', phone: ED });
    expect(english.status).toBe(201);
    expect(languageOfCustomerWith(ED)).toBe(null);
    // A text in Spanish is a sign too (a number the page never saw).
    await office.customerTexts('+17075550173', 'Hola, ¿cuánto cuesta lavar el techo?');
    expect(languageOfCustomerWith('+17075550173')).toBe('es');
  });

  it('gets every automatic message in Spanish, and an English customer in English', async () => {
    // Both texted the business (texts may go to them) and agreed to a review being asked.
    await office.customerTexts(ROSA.phone, 'Gracias, espero el presupuesto');
    await office.customerTexts(ED, 'Thanks, waiting for the quote');
    const settings = await office.server.send('PUT', '/api/texts/settings', {
      reviewLink: 'https://g.page/r/lost-coast/review',
    });
    expect(settings.status).toBe(200);

    // The quote, then its follow-ups on days 2 and 7.
    const submissions = (await (await office.server.get('/api/photo-submissions')).json()) as {
      id: number;
      phone: string;
    }[];
    const rosaSubmission = submissions.find((s) => s.phone.replace(/\D/g, '').endsWith('7075550171'))!;
    const quoted = await office.server.send('POST', `/api/photo-submissions/${rosaSubmission.id}/quotes`, {
      estimateAmount: 450,
    });
    expect(quoted.status).toBe(201);

    // A visit on Thursday 3 December at 10 AM for each: confirmation now, reminders 48 h and 2 h before.
    const book = async (name: string, phone: string, email?: string) => {
      const res = await office.server.send('POST', '/api/appointments/create', {
        customerName: name,
        customerPhone: phone,
        customerEmail: email ?? '',
        address: '8 Alder Point Rd, Garberville, CA',
        serviceType: 'house-wash',
        preferredDate: '2026-12-03',
        preferredTime: name === 'Rosa Méndez' ? '10:00 AM' : '1:00 PM',
        allowOverlap: true,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const rosaVisit = await book('Rosa Méndez', ROSA.phone, ROSA.email);
    const edVisit = await book('Ed Shaw', ED);
    await office.at(NOW + 60_000);

    // Tuesday 10 AM: the 48-hour reminder; Rosa answers "C"; AYUDA and HELP are answered.
    await office.at(Date.parse('2026-12-01T18:00:00Z'));
    await office.customerTexts(ROSA.phone, 'C');
    await office.customerTexts(ROSA.phone, 'HELP');
    await office.customerTexts(ED, 'HELP');
    await office.outbox.scheduler.pass();

    // It will rain on Thursday: both visits move to Friday, texted once the undo window closes.
    const rain = await office.server.send('POST', '/api/schedule/rain-day', {
      date: '2026-12-03',
      toDate: '2026-12-04',
    });
    expect(rain.status).toBe(201);
    for (let t = Date.parse('2026-12-02T17:00:00Z'); t <= Date.parse('2026-12-02T18:00:00Z'); t += 5 * 60_000)
      await office.at(t);
    // Friday: the 2-hour reminder of the new time, then the visit is done.
    await office.at(Date.parse('2026-12-04T16:30:00Z'));
    for (const id of [rosaVisit, edVisit])
      expect((await office.server.send('PUT', `/api/appointments/${id}`, { status: 'completed' })).status).toBe(
        200,
      );
    await office.at(Date.parse('2026-12-04T22:00:00Z'));
    // The last follow-up (day 7) and, eleven months on, the re-service reminder.
    await office.at(Date.parse('2026-12-07T18:00:00Z'));
    await office.at(NOW + 340 * DAY);

    const rosa = sentTo(ROSA.phone, ROSA.email);
    const templates = new Set(rosa.map((m) => m.template));
    for (const template of [
      'quote-follow-up',
      'visit-confirmation',
      'visit-reminder',
      'visit-answer',
      'help-reply',
      'rain-day',
      'review-request',
      'reservice-reminder',
    ])
      expect(templates, template).toContain(template);
    // Both channels: each of Rosa's e-mails is Spanish too.
    expect(rosa.some((m) => m.channel === 'email')).toBe(true);
    // 100 %: every message to her is Spanish, none has English left in it.
    const notSpanish = rosa.filter(
      (m) => !SPANISH(m.body) || ENGLISH.test(m.body) || (m.subject !== null && ENGLISH.test(m.subject)),
    );
    expect(notSpanish).toEqual([]);
    // Counted one by one, the follow-ups and the rain day are among that 100 %: both follow-ups
    // (days 2 and 7), each from Settings' Spanish text, and the rain day's move to Friday.
    const followUps = rosa.filter((m) => m.template === 'quote-follow-up' && m.channel === 'text');
    expect(followUps).toHaveLength(2);
    expect(followUps[1]!.body).toContain('su presupuesto sigue disponible, Rosa');
    const rainDay = rosa.filter((m) => m.template === 'rain-day');
    expect(rainDay.length).toBeGreaterThan(0);
    for (const m of rainDay) expect(m.body).toMatch(/viernes/);
    // The quote itself went by text (the sender, not the outbox) and e-mail, in Spanish.
    const quoteText = office.textsTo(ROSA.phone).find((t) => t.includes('presupuesto es de'));
    expect(quoteText).toMatch(
      /^Lost Coast Soft Wash: su presupuesto es de \$450\. Véalo, acéptelo o haga una pregunta: https:\/\/washdesk\.example\.com\/quote\/[A-Za-z0-9_-]{43}\?lang=es\nTodos sus presupuestos, visitas y facturas: https:\/\/washdesk\.example\.com\/account\?lang=es$/,
    );
    const quoteMail = smtp.mails.find((m) => m.subject === 'Su presupuesto de Lost Coast Soft Wash: $450');
    expect(quoteMail?.text).toContain('Vea el presupuesto completo, acéptelo o háganos una pregunta aquí:');
    // Its page: the service we named and the standard terms were frozen in Spanish at sending.
    const token = /\/quote\/([A-Za-z0-9_-]{43})/.exec(quoteText!)![1]!;
    const page = (await (await office.server.anonymous.get(`/api/public/quotes/${token}`)).json()) as {
      lines: { service: string }[];
      terms: string;
    };
    expect(page.lines.map((l) => l.service)).toEqual(['Lavado suave de la casa']);
    expect(page.terms).toBe(QUOTE_TERMS_IN.es);
    // Word for word: the reminder (from Settings' Spanish text) and the HELP answer.
    expect(
      rosa.find((m) => m.template === 'visit-reminder' && m.channel === 'text')!.body.replace(/[A-Za-z0-9_-]{43}/, 'TOKEN'),
    ).toBe(
      'Lost Coast Soft Wash: le recordamos su cita de estimado gratis el jueves, 3 de diciembre a las 10:00 AM, 8 Alder Point Rd, Garberville, CA. Confirme, cambie o cancele en https://washdesk.example.com/visit/TOKEN?lang=es, responda C para confirmar o R para cambiar la fecha, o llame al (707) 555-0142.\nTodos sus presupuestos, visitas y facturas: https://washdesk.example.com/account?lang=es',
    );
    expect(rosa.find((m) => m.template === 'help-reply')!.body).toBe(
      'Lost Coast Soft Wash: para ayuda llame al (707) 555-0142 o responda a este mensaje. Responda PARAR para no recibir más mensajes, START para volver a recibirlos.',
    );

    // Every quote and visit message carries the way to her own page, in Spanish (issue 36).
    // "C" to a reminder is answered with it too (the short answer of visit-answers.ts).
    const aboutQuoteOrVisit = ['quote-follow-up', 'visit-confirmation', 'visit-reminder', 'visit-answer'];
    expect(rosa.find((m) => m.template === 'visit-answer')!.body).toBe(
      'Lost Coast Soft Wash: gracias, su cita del jueves, 3 de diciembre a las 10:00 AM está confirmada.\nTodos sus presupuestos, visitas y facturas: https://washdesk.example.com/account?lang=es',
    );
    const withoutAccount = (messages: typeof rosa, account: string) =>
      messages.filter((m) => aboutQuoteOrVisit.includes(m.template) && !m.body.endsWith(account));
    expect(withoutAccount(rosa, 'https://washdesk.example.com/account?lang=es')).toEqual([]);
    expect(quoteMail?.text).toContain('https://washdesk.example.com/account?lang=es');

    // Ed read English throughout, the contract's words unchanged.
    const ed = sentTo(ED);
    expect(new Set(ed.map((m) => m.template))).toEqual(
      new Set(['visit-confirmation', 'visit-reminder', 'help-reply', 'rain-day', 'review-request', 'reservice-reminder']),
    );
    expect(ed.filter((m) => SPANISH(m.body))).toEqual([]);
    expect(withoutAccount(ed, 'https://washdesk.example.com/account')).toEqual([]);
    expect(ed.find((m) => m.template === 'help-reply')!.body).toBe(
      'Lost Coast Soft Wash: for help call (707) 555-0142 or reply to this text. Reply STOP to stop texts, START to resume.',
    );
  });

  it('stops texts with PARAR, BAJA or CANCELAR, and AYUDA is answered in Spanish', async () => {
    expect(['PARAR', 'baja', '¡Cancelar!', 'CANCELAR.'].map(consentKeywordOf)).toEqual([
      'stop',
      'stop',
      'stop',
      'stop',
    ]);
    expect(consentKeywordOf('cancelar la cita del jueves')).toBe(null);
    const phone = '+17075550174';
    await office.customerTexts(phone, 'Hello, do you wash decks?');
    await office.customerTexts(phone, 'CANCELAR');
    expect((await office.threadOf(phone)).thread.optedOut).toBe(true);
    await office.customerTexts(phone, 'AYUDA');
    await office.outbox.scheduler.pass();
    expect(office.textsTo(phone).at(-1)).toBe(
      'Lost Coast Soft Wash: para ayuda llame al (707) 555-0142 o responda a este mensaje. Responda PARAR para no recibir más mensajes, START para volver a recibirlos.',
    );
  });
});
