import { describe, expect, it } from 'vitest';
import { matchPublicPage } from './page-router.ts';

describe('which public page a path shows', () => {
  it('matches the four pages like the server: any case, trailing slash ignored', () => {
    expect(matchPublicPage('/')).toBe('/');
    expect(matchPublicPage('/photo-form')).toBe('/photo-form');
    expect(matchPublicPage('/Photo-Quote-Tool/')).toBe('/photo-quote-tool');
    expect(matchPublicPage('/embed/photo-quote')).toBe('/embed/photo-quote');
  });

  it('shows the 404 page for anything else', () => {
    expect(matchPublicPage('/admin')).toBeNull();
    expect(matchPublicPage('/photo-form/extra')).toBeNull();
    expect(matchPublicPage('/no-such-page')).toBeNull();
    expect(matchPublicPage('/quote')).toBeNull();
    expect(matchPublicPage('/quote/a/b')).toBeNull();
  });

  it("shows a quote's page for its link", () => {
    expect(matchPublicPage('/quote/Zx9-_aQ')).toBe('/quote/:token');
  });
});
