import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopSettings } from './desktop-settings.main.ts';
import { configuredServer, parseServerUrl } from './server-url.main.ts';

describe('the server address', () => {
  it.each([
    ['washdesk.example.com', 'https://washdesk.example.com'],
    ['  http://192.168.1.20:3000/admin/call-logs ', 'http://192.168.1.20:3000'],
    ['HTTPS://Washdesk.Example.com/', 'https://washdesk.example.com'],
  ])('reads %j as %s', (typed, origin) => {
    expect(parseServerUrl(typed)?.origin).toBe(origin);
  });

  it('is WASHDESK_SERVER_URL when set, over what was saved; else the saved one; else none (first run)', () => {
    expect(
      configuredServer({ WASHDESK_SERVER_URL: 'http://10.0.0.5:3000' }, 'https://saved.example.com'),
    ).toEqual({
      url: new URL('http://10.0.0.5:3000'),
      setByEnvironment: true,
    });
    expect(configuredServer({}, 'https://saved.example.com')).toEqual({
      url: new URL('https://saved.example.com'),
      setByEnvironment: false,
    });
    expect(configuredServer({}, null)).toBeNull();
    expect(() => configuredServer({ WASHDESK_SERVER_URL: 'ftp://x' }, null)).toThrow(
      /WASHDESK_SERVER_URL="ftp:\/\/x"/,
    );
  });
});

describe("this computer's desktop settings", () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-desktop-'));

  it('keeps the server and the kinds turned off across restarts', () => {
    const dir = folder();
    const first = desktopSettings(dir);
    expect(first.get()).toEqual({ serverUrl: null, mutedKinds: [] });
    first.saveServer('https://washdesk.example.com');
    first.setMuted('message', true);
    first.setMuted('lead', true);
    first.setMuted('message', false);
    const again = desktopSettings(dir);
    expect(again.get()).toEqual({ serverUrl: 'https://washdesk.example.com', mutedKinds: ['lead'] });
    expect(again.isMuted('lead')).toBe(true);
    expect(again.isMuted('call')).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it('starts from the defaults when the file is damaged, and ignores kinds it does not know', () => {
    const damaged = folder();
    fs.writeFileSync(path.join(damaged, 'settings.json'), '{"serverUrl": "https://x.example', 'utf8');
    expect(desktopSettings(damaged).get()).toEqual({ serverUrl: null, mutedKinds: [] });
    const odd = folder();
    fs.writeFileSync(
      path.join(odd, 'settings.json'),
      JSON.stringify({ serverUrl: 5, mutedKinds: ['call', 'rm -rf'] }),
    );
    expect(desktopSettings(odd).get()).toEqual({ serverUrl: null, mutedKinds: ['call'] });
  });
});
