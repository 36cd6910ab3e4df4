// The webhook and photo quote benchmarks' servers, each in a process of its own on a throwaway
// data folder, and the one way they are asked: Node's own http module on kept-alive connections.
// In the bench's process, what an answer leaves to do ran on the event loop the next answer was
// read on; and fetch's own CPU per request (more than a bare handler's, and a copy of a 6.8 MB
// upload each time) was taken on a busy two-core machine from the servers it times.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChildServer, type ChildServer } from '../src/test/child-server.ts';

/** A phone's upload link sends this much at a time (`post`'s paced bodies). */
const CHUNK = 64 * 1024;

export function benchChildren() {
  const cleanup: (() => unknown)[] = [];
  // Kept-alive sockets, reused one after another; a burst of requests at once opens more.
  const agent = new http.Agent({ keepAlive: true });
  return {
    /** `script` (a path under the repository) forked on a data folder of its own. */
    async start(
      script: string,
      env: Record<string, string>,
      args: string[] = [],
    ): Promise<ChildServer & { dataDir: string }> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-bench-child-'));
      cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      return { ...(await startChildServer(script, dataDir, env, cleanup, args)), dataDir };
    },
    /**
     * One POST, its body at once, or at a phone's pace (`bytesPerMs`: 64 KB at a time, each when
     * the link would have carried the bytes before it). Resolves with the time from its last byte
     * to the whole answer in ms (at once: the whole request's time); rejects on a status of 300 or
     * more.
     */
    post(
      url: string,
      headers: Record<string, string>,
      body: string | Buffer,
      bytesPerMs?: number,
    ): Promise<number> {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      return new Promise((resolve, reject) => {
        let lastByteAt = performance.now();
        const asked = http.request(
          url,
          { method: 'POST', agent, headers: { ...headers, 'Content-Length': bytes.length } },
          (res) => {
            res.resume();
            res.on('error', reject);
            res.on('end', () =>
              res.statusCode! < 300
                ? resolve(performance.now() - lastByteAt)
                : reject(new Error(`${url}: ${res.statusCode}`)),
            );
          },
        );
        asked.on('error', reject);
        if (!bytesPerMs) return void asked.end(bytes);
        const start = performance.now();
        const from = (sent: number) => {
          const next = sent + CHUNK;
          if (next < bytes.length) {
            asked.write(bytes.subarray(sent, next));
            setTimeout(() => from(next), Math.max(0, start + next / bytesPerMs - performance.now()));
            return;
          }
          // The body's length was announced: the server may answer as soon as this last piece lands.
          lastByteAt = performance.now();
          asked.end(bytes.subarray(sent));
        };
        from(0);
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
