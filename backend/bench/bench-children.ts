// The webhook benchmarks' servers, each in a process of its own on a throwaway data folder, and
// the one way they are asked: Node's own http module on a kept-alive connection. In the bench's
// process, what an answer leaves to do ran on the event loop the next answer was read on; and
// fetch's own CPU per request was more than a bare handler's, taken on a busy two-core machine
// from the servers it times.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChildServer, type ChildServer } from '../src/test/child-server.ts';

export function benchChildren() {
  const cleanup: (() => unknown)[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    /** `script` (a path under the repository) forked on a data folder of its own. */
    async start(script: string, env: Record<string, string>): Promise<ChildServer & { dataDir: string }> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-webhook-'));
      cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { ...(await startChildServer(script, dataDir, env, cleanup)), dataDir };
    },
    /** One POST; resolves with its time to the whole answer in ms, rejects on a status of 300 or more. */
    post(url: string, headers: Record<string, string>, body: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const start = performance.now();
        const asked = http.request(
          url,
          { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('error', reject);
            res.on('end', () =>
              res.statusCode! < 300
                ? resolve(performance.now() - start)
                : reject(new Error(`${url}: ${res.statusCode}`)),
            );
          },
        );
        asked.on('error', reject);
        asked.end(body);
      });
    },
    /** Kills the servers and removes their folders. */
    async stop() {
      agent.destroy();
      for (const step of cleanup.reverse()) await step();
    },
  };
}

/** Warm-up rounds before `inTurns` keeps any time. */
const WARM_UP = 5;

/**
 * A webhook and its bare handler, asked in turn `runs` times after a warm-up, so a busy neighbour
 * slows both alike; their times sorted. With `settle`, each pair starts once the server has
 * finished what the previous one left to do (its replies, summaries, fetched photos): the
 * acknowledgement's own path, as a provider meets it when events come minutes apart. Without, one
 * after another as fast as they are answered, so each acknowledgement also waits for what earlier
 * ones left running on the server's one event loop.
 */
export async function inTurns(
  runs: number,
  ask: { bare: () => Promise<number>; webhook: () => Promise<number> },
  settle?: () => Promise<void>,
): Promise<{ bare: number[]; webhook: number[] }> {
  const times = { bare: [] as number[], webhook: [] as number[] };
  for (let i = 0; i < runs + WARM_UP; i++) {
    await settle?.();
    const bare = await ask.bare();
    const webhook = await ask.webhook();
    if (i < WARM_UP) continue;
    times.bare.push(bare);
    times.webhook.push(webhook);
  }
  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  return { bare: sorted(times.bare), webhook: sorted(times.webhook) };
}
