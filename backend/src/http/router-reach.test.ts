import type { AddressInfo } from 'node:net';
import express, { Router, type Express, type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPrefix, skipRoutersOutOfReach } from './router-reach.ts';

// Skipping a router must never change which handler answers: the same app with and without the
// skipping answers every path (in several spellings) the same, over real HTTP, while a request
// enters only the routers that hold something its path may match.

const entered: string[] = [];
function build(skip: boolean): Express {
  const app = express();
  const seen = (name: string) => (_req: unknown, _res: unknown, next: () => void) => {
    entered.push(name);
    next();
  };
  // Which routers a request entered: each router runs its own handle() when entered.
  const observed = (name: string, router: Router) => {
    const own = router as Router & { handle: (req: Request, res: Response, next: NextFunction) => void };
    const handle = own.handle.bind(router);
    own.handle = (req, res, next) => {
      entered.push(name);
      handle(req, res, next);
    };
    return router;
  };
  const calls = observed('calls', Router());
  calls.get('/api/calls', (_req, res) => void res.send('calls'));
  calls.get('/api/calls/:id', (req, res) => void res.send(`call ${req.params.id}`));
  // Its middleware is mounted under a path: still a reach.
  const account = Router();
  account.use(['/account', '/api/public/account'], seen('account'));
  account.get('/api/public/account', (_req, res) => void res.send('account'));
  // Nested routers at '/', and a pattern with a parameter right after the prefix.
  const outer = observed('outer', Router());
  const inner = observed('inner', Router());
  inner.get('/api/photos/:id/thumbnail', (req, res) => void res.send(`thumb ${req.params.id}`));
  outer.use(inner);
  outer.get('/api/reports/weekly.csv', (_req, res) => void res.send('csv'));
  // A middleware at '/': this router may match anything and is always entered.
  const everything = Router();
  everything.use(seen('everything'));
  everything.get('/{*rest}', (req, res) => void res.send(`page ${req.path}`));
  app.use(seen('app'));
  app.use(calls);
  app.use(account);
  app.use(outer);
  // Mounted under a path, a router's reach is its mount.
  const mounted = Router();
  mounted.get('/status', (_req, res) => void res.send('mounted'));
  app.use('/api/mounted', mounted);
  app.use(everything);
  if (skip) skipRoutersOutOfReach(app);
  // The error's words, not its stack (whose frames name the skipping).
  app.use((error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(error.status ?? 500).send(error.message);
  });
  return app;
}

const urls: Record<string, string> = {};
const servers: ReturnType<Express['listen']>[] = [];
beforeAll(async () => {
  for (const [name, app] of [
    ['plain', build(false)],
    ['skipping', build(true)],
  ] as const) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => servers.forEach((s) => s.close()));

const answer = async (base: string, path: string) => {
  entered.length = 0;
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.text(), entered: [...entered] };
};

describe('skipRoutersOutOfReach', () => {
  it('takes the literal start of a pattern', () => {
    expect(literalPrefix('/api/calls/:id')).toBe('/api/calls/');
    expect(literalPrefix('/api/reports/weekly.csv')).toBe('/api/reports/weekly.csv');
    expect(literalPrefix('/admin/{*rest}')).toBe('/admin/');
    expect(literalPrefix('/files\\:x')).toBe('/files');
  });

  it.each([
    '/api/calls',
    '/API/Calls',
    '/api/calls/7',
    '/api/calls/',
    '/api/callsx',
    '/api/public/account',
    '/api/Public/Account/',
    '/account/x',
    '/api/photos/p1/thumbnail',
    '/API/PHOTOS/p1/THUMBNAIL',
    '/api/reports/weekly.csv',
    '/api/reports/weeklyXcsv',
    '/api/mounted/status',
    '/Api/Mounted/Status',
    '/',
    '/quote/abc',
    '/api/%63alls',
    '/api/calls/%E0%A4%A',
  ])('%s: answered as without the skipping', async (path) => {
    const plain = await answer(urls.plain!, path);
    const skipping = await answer(urls.skipping!, path);
    expect({ status: skipping.status, body: skipping.body }).toEqual({
      status: plain.status,
      body: plain.body,
    });
  });

  it('enters only the routers a path may match', async () => {
    expect((await answer(urls.plain!, '/api/photos/p1/thumbnail')).entered).toEqual([
      'app',
      'calls',
      'outer',
      'inner',
    ]);
    expect((await answer(urls.skipping!, '/api/photos/p1/thumbnail')).entered).toEqual([
      'app',
      'outer',
      'inner',
    ]);
    expect((await answer(urls.skipping!, '/api/reports/weekly.csv')).entered).toEqual(['app', 'outer']);
    expect((await answer(urls.skipping!, '/api/calls/7')).entered).toEqual(['app', 'calls']);
    expect((await answer(urls.skipping!, '/quote/abc')).entered).toEqual(['app', 'everything']);
  });
});
