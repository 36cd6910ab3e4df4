import { describe, expect, it } from 'vitest';
import {
  ADVERTISED_PRICES,
  appointmentCreateSchema,
  conversationDisplayName,
  formatDuration,
  initialsOf,
  isPublicPage,
  publicPageOf,
  prerenderedPageFile,
  priceFor,
} from './index.ts';

describe('contract helpers', () => {
  it('names a Messenger user by name, else "Facebook User" and the last 4 of the id; at most 2 initials', () => {
    expect(conversationDisplayName({ firstName: 'Dana', lastName: 'Whitlock', facebookUserId: '123' })).toBe(
      'Dana Whitlock',
    );
    expect(
      conversationDisplayName({ firstName: null, lastName: null, facebookUserId: '7310000000009137' }),
    ).toBe('Facebook User 9137');
    expect(initialsOf('Mary Anne Lee')).toBe('MA');
    expect(initialsOf('Facebook User 9137')).toBe('FU');
  });

  it('formats call durations as m:ss and leaves unknown ones empty', () => {
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });

  it('holds the advertised per-square-foot prices of the spec', () => {
    expect(ADVERTISED_PRICES.map((p) => [p.surface, p.low, p.high])).toEqual([
      ['house_soft_wash', 0.4, 0.65],
      ['roof_cleaning', 0.5, 0.8],
      ['moss_removal', 0.6, 0.9],
      ['concrete_cleaning', 0.3, 0.5],
    ]);
    expect(priceFor('roof_cleaning').label).toBe('Roof Cleaning');
  });

  it('matches public pages case-insensitively and nothing else', () => {
    expect(isPublicPage('/Photo-Form')).toBe(true);
    expect(isPublicPage('/embed/photo-quote/')).toBe(true);
    expect(isPublicPage('/admin')).toBe(false);
    expect(isPublicPage('/photo-form/x')).toBe(false);
  });

  it('makes a quote link a public page, and neither /quote alone nor junk after it', () => {
    expect(publicPageOf('/quote/AbC-12_xyz')).toBe('/quote/:token');
    expect(publicPageOf('/Quote/AbC-12_xyz/')).toBe('/quote/:token');
    expect(isPublicPage('/quote')).toBe(false);
    expect(isPublicPage('/quote/')).toBe(false);
    expect(isPublicPage('/quote/a/b')).toBe(false);
    expect(isPublicPage('/quote/a%20b')).toBe(false);
    expect(isPublicPage('/quote/<script>')).toBe(false);
    expect(prerenderedPageFile('/quote/:token')).toBe('pages/quote.html');
  });

  it('turns an empty optional e-mail into null and trims the rest', () => {
    const parsed = appointmentCreateSchema.parse({
      customerName: '  Rosa Greer ',
      customerPhone: '707-555-0199',
      customerEmail: '',
      address: '12 Elk Ridge Rd',
      serviceType: 'roof-cleaning',
      preferredDate: '2026-12-01',
      preferredTime: '9:00 AM',
    });
    expect(parsed).toMatchObject({ customerName: 'Rosa Greer', customerEmail: null, notes: null });
  });
});
