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
