// How fast Meta gets its 200 for a signed single-message webhook (a new customer each time, so
// the server stores a conversation and a message and then starts the profile lookup and the AI
// reply after answering), beside a bare Express handler that only checks the same HMAC: the
// difference is what storing costs before the acknowledgement. The server (webhook-server.ts) and
// the bare handler (bare-messenger-server.ts) and the fake Meta they call (fake-meta-server.ts) each
// run in a process of their own (bench-children.ts says why).
import { benchChildren, inTurns } from './bench-children.ts';
import { percentile } from './bench-server.ts';
import { reportBudgets } from './bench-report.ts';
import { customerText, fakeMetaOrigin, signatureOf, webhookBody } from '../src/test/fake-meta.ts';

const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 300);
const APP_SECRET = 'bench-app-secret';

let sender = 0;
/** A new customer's first message, signed as Meta signs it. */
function signedMessage() {
  sender += 1;
  const now = Date.now();
  const raw = JSON.stringify(
    webhookBody(
      now,
      customerText(`81${String(sender).padStart(12, '0')}`, `m_bench_${sender}`, 'Do you clean roofs?', now),
    ),
  );
  return { raw, signature: signatureOf(raw, APP_SECRET) };
}

const children = benchChildren();
/** One signed POST; its time to the 200. */
function post(url: string) {
  const { raw, signature } = signedMessage();
  return children.post(url, { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, raw);
}

/** Both ways (bench-children.ts `inTurns`), as p50 and p99. */
async function measure(urls: { webhook: string; bare: string }, settle?: () => Promise<void>) {
  const times = await inTurns(
    RUNS,
    { bare: () => post(urls.bare), webhook: () => post(urls.webhook) },
    settle,
  );
  const figures = (sorted: number[]) => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
  return { webhook: figures(times.webhook), baseline: figures(times.bare) };
}

/** Issue 38: the acknowledgement within 3x a bare handler's (p50). */
const BUDGET_TIMES_BARE = 3;

export async function benchMessengerWebhook() {
  const meta = await children.start('backend/bench/fake-meta-server.ts', {});
  /** How many messages the fake Meta was asked to send so far. */
  const sentSoFar = async () => {
    const res = await fetch(`${fakeMetaOrigin(meta.url)}/__calls`);
    return ((await res.json()) as unknown[]).length;
  };
  const env = {
    META_APP_SECRET: APP_SECRET,
    META_PAGE_ACCESS_TOKEN: 'bench-page-token',
    META_GRAPH_BASE_URL: meta.url,
  };
  const [server, bareServer] = await Promise.all([
    children.start('backend/bench/webhook-server.ts', env),
    children.start('backend/bench/bare-messenger-server.ts', env),
  ]);
  const bareUrl = `${bareServer.url}/webhook`;

  const urls = { webhook: `${server.url}/api/messenger/webhook`, bare: bareUrl };
  const oneAtATime = await measure(urls, () => server.settled());
  const backToBack = await measure(urls);
  const ms = (n: number) => `${n.toFixed(1)}ms`.padStart(9);
  const row = (name: string, f: { p50: number; p99: number }) =>
    `${name.padEnd(62)} ${ms(f.p50)} ${ms(f.p99)}\n`;
  process.stdout.write(
    `\nMessenger webhook acknowledgement: signed single-message POST, a new sender each time, ${RUNS} runs each way\n` +
      `${'request'.padEnd(62)} ${'p50'.padStart(9)} ${'p99'.padStart(9)}\n` +
      row('one at a time: POST /api/messenger/webhook (store, then 200)', oneAtATime.webhook) +
      row('one at a time: bare Express handler, same HMAC check', oneAtATime.baseline) +
      row('back to back (the replies to earlier ones running): webhook', backToBack.webhook) +
      row('back to back: bare handler', backToBack.baseline) +
      `AI replies sent to the fake Meta after the acknowledgements: ${await sentSoFar()} so far\n`,
  );
  await server.settled();
  process.stdout.write(`... and ${await sentSoFar()} once every reply had finished\n`);
  await children.stop();
  const bareHandler = 'bare handler, same HMAC';
  reportBudgets('Messenger webhook acknowledgement', [
    {
      name: 'POST /api/messenger/webhook, one at a time, p50',
      value: oneAtATime.webhook.p50,
      bare: { name: bareHandler, value: oneAtATime.baseline.p50 },
      timesBare: BUDGET_TIMES_BARE,
    },
    {
      name: 'POST /api/messenger/webhook, one at a time, p99',
      value: oneAtATime.webhook.p99,
      bare: { name: bareHandler, value: oneAtATime.baseline.p99 },
    },
    {
      name: 'POST /api/messenger/webhook, back to back, p50',
      value: backToBack.webhook.p50,
      bare: { name: bareHandler, value: backToBack.baseline.p50 },
    },
  ]);
}

await benchMessengerWebhook();
