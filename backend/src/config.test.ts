import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The ConfigError loadConfig throws for `env`; fails the test if it does not throw one. */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/washdesk');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('fills in the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/washdesk');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.demoData).toBe(true);
    expect(config.timeZone).toBe('America/Los_Angeles');
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('/srv/washdesk', 'data'));
    expect(config.databaseFile).toBe(path.join(config.dataDir, 'washdesk.sqlite'));
    expect(config.business.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(config.business.schedulingCalendarUrl).toBe('');
    expect(config.providers.meta.pageAccessToken).toBeUndefined();
    expect(config.providers.twilio).toEqual({
      accountSid: undefined,
      authToken: undefined,
      phoneNumber: undefined,
      staffForwardNumber: undefined,
      voice: 'Polly.Joanna',
      apiBaseUrl: 'https://api.twilio.com',
    });
  });

  it('reads the phone line settings', () => {
    const { twilio } = loadConfig({
      STAFF_FORWARD_NUMBER: '+17075550177',
      TWILIO_VOICE: 'Google.en-US-Neural2-F',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:4010/',
    }).providers;
    expect(twilio).toMatchObject({
      staffForwardNumber: '+17075550177',
      voice: 'Google.en-US-Neural2-F',
      apiBaseUrl: 'http://127.0.0.1:4010',
    });
  });

  it("reads the service-area tool's base and radius (unset: no base, the advertised radius)", () => {
    expect(
      loadConfig({ SERVICE_BASE_LOCATION: 'Garberville', SERVICE_RADIUS_MILES: '45' }).business,
    ).toMatchObject({ serviceBaseLocation: 'Garberville', serviceRadiusMiles: 45 });
    expect(loadConfig({ SERVICE_BASE_LOCATION: '40.1,-123.8' }).business.serviceBaseLocation).toBe(
      '40.1,-123.8',
    );
    const unset = loadConfig({}).business;
    expect([unset.serviceBaseLocation, unset.serviceRadiusMiles]).toEqual([undefined, undefined]);
  });

  it('derives the public base URL from PORT unless PUBLIC_BASE_URL is set', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_BASE_URL: 'https://quotes.example.com/' }).publicBaseUrl).toBe(
      'https://quotes.example.com',
    );
  });

  it('reads the variables it is given, treating blank values as unset', () => {
    const config = loadConfig(
      {
        PORT: '4321',
        DEMO_DATA: 'off',
        BUSINESS_TIMEZONE: 'America/New_York',
        DATA_DIR: 'var/wash',
        BUSINESS_NAME: '',
        META_PAGE_ACCESS_TOKEN: '  ',
      },
      '/srv/washdesk',
    );
    expect(config).toMatchObject({
      port: 4321,
      demoData: false,
      timeZone: 'America/New_York',
      dataDir: '/srv/washdesk/var/wash',
    });
    expect(config.business.name).toBe(loadConfig({}).business.name);
    expect(config.providers.meta.pageAccessToken).toBeUndefined();
  });

  const bad: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DEMO_DATA', 'maybe'],
    ['BUSINESS_EMAIL', 'x'],
    ['BUSINESS_TIMEZONE', 'Mars/Base'],
    ['PUBLIC_BASE_URL', 'quotes.example.com'],
    ['STAFF_FORWARD_NUMBER', '(707) 555-0177'],
    ['TWILIO_VOICE', 'robot'],
    ['TWILIO_API_BASE_URL', 'api.twilio.com'],
    ['SERVICE_BASE_LOCATION', 'Springfield'],
    ['SERVICE_RADIUS_MILES', '-5'],
  ];
  it.each(bad)('rejects %s=%s with a ConfigError naming the variable and value', (name, value) => {
    const error = configErrorFor({ [name]: value });
    expect(error.message).toContain(`${name}=${JSON.stringify(value)}`);
    const others = bad.map(([n]) => n).filter((n) => n !== name);
    for (const other of others) expect(error.message).not.toContain(`${other}=`);
  });

  it('lists every bad variable at once', () => {
    const error = configErrorFor({ PORT: 'abc', DEMO_DATA: 'maybe' });
    expect(error.message).toContain('PORT=');
    expect(error.message).toContain('DEMO_DATA=');
  });
});

describe('the server entry', () => {
  it('exits with code 1 and a one-line reason naming PORT, without a stack trace', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-config-'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          PORT: 'abc',
          DATA_DIR: dataDir,
          DEMO_DATA: 'off',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.error).toBeUndefined();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('PORT');
      expect(result.stderr).not.toContain('    at ');
      expect(result.stdout).not.toContain('is running');
      // A refused configuration must not have created a database.
      expect(fs.existsSync(path.join(dataDir, 'washdesk.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
