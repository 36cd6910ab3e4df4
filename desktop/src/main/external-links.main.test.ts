import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Electron binary is not on every machine; the main-process logic is tested in Node with
// Electron's shell replaced by a recorder.
const opened = vi.hoisted(() => [] as string[]);
vi.mock('electron', () => ({ shell: { openExternal: async (url: string) => void opened.push(url) } }));

const { isAllowedExternalUrl, openExternalIfAllowed } = await import('./external-links.main.ts');

const server = new URL('http://192.168.1.20:3000');

describe('links leaving the desktop app', () => {
  beforeEach(() => {
    opened.length = 0;
  });

  it.each([
    'tel:+17075550142',
    'sms:+17075550142',
    'mailto:jane@example.com?subject=Your%20quote',
    'https://www.facebook.com/',
    'http://192.168.1.20:3000/photo-quote-tool',
  ])('opens %s in the system app', (url) => {
    expect(isAllowedExternalUrl(url, server)).toBe(true);
    openExternalIfAllowed(url, server);
    expect(opened).toHaveLength(1);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://evil.example/',
    'washdesk-admin://app/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url, server)).toBe(false);
    openExternalIfAllowed(url, server);
    expect(opened).toHaveLength(0);
  });
});
