import { describe, expect, it } from 'vitest';
import { visitChangeText } from './visit-change-texts.ts';

// The words of a visit changed by phone, in each language (the outbox test in existing-visit.test.ts
// proves the language is the customer's stored one).
const TZ = 'America/Los_Angeles';

describe('visitChangeText', () => {
  const moved = {
    kind: 'moved' as const,
    from: { date: '2026-11-25', time: '11:00 AM' as const },
    to: { date: '2026-12-01', time: '9:00 AM' as const },
  };

  it('says a move in English as before', () => {
    expect(visitChangeText(moved, 'en', TZ)).toBe(
      'your visit is moved from Wednesday, November 25 at 11:00 AM to Tuesday, December 1 at 9:00 AM. Reply or call us if anything changes.',
    );
  });

  it('says a move and a cancellation in Spanish, days and months included', () => {
    expect(visitChangeText(moved, 'es', TZ)).toBe(
      'su cita se cambió del miércoles, 25 de noviembre a las 11:00 AM al martes, 1 de diciembre a las 9:00 AM. Responda o llámenos si algo cambia.',
    );
    expect(visitChangeText({ kind: 'cancelled', was: { date: '2026-11-27', time: null } }, 'es', TZ)).toBe(
      'su cita del viernes, 27 de noviembre está cancelada. Llámenos cuando quiera para programar otra.',
    );
  });
});
