import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../start.ts';
import { createLogger } from './request-log.ts';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
};

describe('an unexpected fault in the log', () => {
  const log = capture();
  let running: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-fault-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off' });
    // The server's own fault reporting, not the test servers' collector.
    running = await startServer(config, { logger: createLogger('info', log.stream) });
  });
  afterAll(async () => {
    await running.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps the error's name, message and stack, and the client sees only a bare 500", async () => {
    // A real fault: the table a customer's request writes to is gone.
    running.db.exec('DROP TABLE service_requests');
    const res = await fetch(`${running.url}/api/service-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Maya',
        lastName: 'Alder',
        email: 'maya.alder@example.net',
        phone: '(707) 555-0142',
        address: '12 Redwood Dr, Garberville',
        serviceType: 'house-washing',
      }),
    });
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('service_requests');

    const fault = log.lines.find((l) => l.msg === 'unexpected fault') as {
      err: { type: string; message: string; stack: string };
      path: string;
    };
    expect(fault.err.type).toBe('SqliteError');
    expect(fault.err.message).toBe('no such table: service_requests');
    expect(fault.err.stack).toContain('no such table: service_requests');
    expect(fault.err.stack).toMatch(/\n\s+at /);
    expect(fault.path).toBe('/api/service-requests');
    // The customer's details in the request never reach the log.
    const all = JSON.stringify(log.lines);
    expect(all).not.toContain('maya.alder@example.net');
    expect(all).not.toContain('555-0142');
  });
});

describe('errors written by the logger', () => {
  it('carry their cause and extra fields, with phone numbers and e-mails masked', () => {
    const log = capture();
    const logger = createLogger('info', log.stream);
    const cause = new Error('mailbox rosa@example.com refused');
    const error = Object.assign(new Error('texting (707) 555-0199 failed', { cause }), { code: 'E_SMS' });
    logger.error({ err: error }, 'unexpected fault');
    const { err } = log.lines[0] as {
      err: { type: string; message: string; stack: string; code: string; cause: { message: string } };
    };
    expect(err.type).toBe('Error');
    expect(err.message).toBe('texting [phone] failed');
    expect(err.stack.split('\n')[0]).toBe('Error: texting [phone] failed');
    expect(err.code).toBe('E_SMS');
    expect(err.cause.message).toBe('mailbox [email] refused');
  });
});
