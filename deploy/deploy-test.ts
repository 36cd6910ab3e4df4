// The deploy test (a step of `npm test`): builds the images the way an owner does (deploy/build.sh:
// compose.yaml's build, tagged washdesk:current, :<version> and :<commit>), runs the image with no
// network at all (it must not need the internet to start) and checks /api/health names the version
// and the commit as a non-root user, then runs compose.yaml (app + Caddy with its internal CA) and
// checks that health through Caddy still names them (an .env's empty WASHDESK_GIT_COMMIT= once
// blanked the commit), that logs rotate, that data survives recreating the container, that Caddy
// answers over https with HSTS and redirects http, and that a Twilio webhook signed for the https
// address is accepted through it (and a forged one is not); then the README's backup, restore drill
// and move to another server (the backups carried out with tar, restored onto new volumes).
// Prints each check; exits 1 on the first that fails, or when Docker cannot start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { twilioSignature } from '../backend/src/phone-simulator/twilio-signature.ts';

const root = path.resolve(import.meta.dirname, '..');
const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
  .version;
const commit =
  spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown';
const project = 'washdesk-deploy-test';
const host = 'washdesk.test';
const ports = {
  http: Number(process.env.DEPLOY_TEST_HTTP_PORT ?? 18080),
  https: Number(process.env.DEPLOY_TEST_HTTPS_PORT ?? 18443),
};
const twilioToken = 'deploy-test-twilio-token';
/** Every wait below is for a state, with a generous deadline so a stuck container fails the step. */
const DEADLINE_MS = 180_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
function fail(message: string): never {
  say(`DEPLOY TEST FAILED: ${message}`);
  cleanUp();
  process.exit(1);
}
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    stdio: options.quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim(), err: (result.stderr ?? '').trim() };
}
const docker = (...args: string[]) => run('docker', args, { quiet: true });

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'washdesk-deploy-'));
const envFile = path.join(scratch, 'app.env');
const composeEnv = {
  COMPOSE_PROJECT_NAME: project,
  WASHDESK_ENV_FILE: envFile,
  WASHDESK_VERSION: version,
  GIT_COMMIT: commit,
  PUBLIC_BASE_URL: `https://${host}`,
  CADDY_TLS: 'internal',
  HTTP_PORT: String(ports.http),
  HTTPS_PORT: String(ports.https),
};
const compose = (...args: string[]) =>
  run('docker-compose', ['-f', path.join(root, 'compose.yaml'), ...args], { env: composeEnv, quiet: true });
let standalone: string | null = null;
function cleanUp() {
  if (standalone) docker('rm', '-f', '-v', standalone);
  compose('down', '-v', '--remove-orphans');
  fs.rmSync(scratch, { recursive: true, force: true });
}

// --- Docker itself: started when it is not running; a machine where it cannot start FAILS here. ---
function ensureDocker() {
  if (docker('info').ok) return;
  if (fs.existsSync('/usr/sbin/dockerd') && process.getuid?.() === 0) {
    say('Starting dockerd...');
    const log = fs.openSync(path.join(os.tmpdir(), 'washdesk-dockerd.log'), 'a');
    spawnSync('sh', ['-c', 'nohup dockerd >&3 2>&3 &'], { stdio: ['ignore', 'ignore', 'ignore', log] });
    const until = Date.now() + 60_000;
    while (Date.now() < until && !docker('info').ok) spawnSync('sleep', ['1']);
  }
  if (!docker('info').ok)
    fail(`Docker cannot start on this machine (docker info: ${docker('info').err.split('\n').at(-1)}).`);
}

async function waitFor<T>(what: string, probe: () => T | null | Promise<T | null>): Promise<T> {
  const until = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
const healthOf = (container: string) =>
  docker('inspect', '--format', '{{.State.Health.Status}}', container).out;
const waitHealthy = (container: string) =>
  waitFor(`${container} to be healthy`, () => {
    const status = healthOf(container);
    if (status === 'unhealthy') fail(`${container} is unhealthy:\n${docker('logs', container).out}`);
    return status === 'healthy' ? status : null;
  });

/** A request to Caddy on this machine's port, for the site's name, trusting only Caddy's CA. */
function viaCaddy(
  scheme: 'http' | 'https',
  pathname: string,
  options: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = (scheme === 'https' ? https : http).request(
      {
        host: '127.0.0.1',
        port: scheme === 'https' ? ports.https : ports.http,
        servername: host,
        ca: options.ca,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { Host: host, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** A TLS-intercepting proxy's CA, when this machine trusts one (PEM text, as deploy/build.sh passes it). */
function extraCaCerts() {
  const extraCaDir = '/usr/local/share/ca-certificates';
  return fs.existsSync(extraCaDir)
    ? fs
        .readdirSync(extraCaDir)
        .filter((f) => f.endsWith('.crt'))
        .sort()
        .map((f) => fs.readFileSync(path.join(extraCaDir, f), 'utf8'))
        .map((pem) => (pem.endsWith('\n') ? pem : `${pem}\n`))
        .join('')
        .trimEnd()
    : '';
}

async function main() {
  ensureDocker();
  say('Docker is running.');
  if (!run('bash', [path.join(root, 'deploy/make-base-image.sh')]).ok)
    fail('the base image is not available');

  // The app's env file (compose.yaml reads it for every command, builds included).
  fs.writeFileSync(
    envFile,
    [
      'DEMO_DATA=off',
      `PUBLIC_BASE_URL=https://${host}`,
      'TWILIO_ACCOUNT_SID=ACdeploytest00000000000000000000000',
      `TWILIO_AUTH_TOKEN=${twilioToken}`,
      'TWILIO_PHONE_NUMBER=+17075550100',
      'OWNER_EMAIL=owner@washdesk.test',
      'OWNER_PASSWORD=deploy-test-password',
      // As an owner's .env copied from an older .env.example has it: it must not blank the commit.
      'WASHDESK_GIT_COMMIT=',
      '',
    ].join('\n'),
    { mode: 0o600 }, // as the README has it: chmod 600 .env
  );

  // --- The images: built by deploy/build.sh through compose.yaml (layers cached between runs). ---
  const extraCa = extraCaCerts();
  const built = run('bash', [path.join(root, 'deploy/build.sh')], {
    env: { ...composeEnv, EXTRA_CA_CERTS: extraCa },
  });
  if (!built.ok) fail('deploy/build.sh failed');
  const idOf = (tag: string) => docker('image', 'inspect', '--format', '{{.Id}}', tag).out;
  const image = `washdesk:${commit}`;
  if (
    !idOf('washdesk:current') ||
    idOf(`washdesk:${version}`) !== idOf('washdesk:current') ||
    idOf(image) !== idOf('washdesk:current')
  )
    fail(`washdesk:current, washdesk:${version} and ${image} are not one image`);
  const labels = JSON.parse(
    docker('image', 'inspect', '--format', '{{json .Config.Labels}}', image).out,
  ) as Record<string, string>;
  if (
    labels['org.opencontainers.image.version'] !== version ||
    labels['org.opencontainers.image.revision'] !== commit
  )
    fail(`the image's labels do not name version ${version} and commit ${commit}: ${JSON.stringify(labels)}`);
  say(
    `ok: deploy/build.sh builds washdesk:current, tagged washdesk:${version} and ${image}, labelled with both`,
  );
  // The proxy's CA served the build's installs only: not in the image's history, settings or files.
  if (extraCa) {
    const firstCaLine = extraCa.split('\n').find((l) => l && !l.startsWith('-----'))!;
    const history = docker('history', '--no-trunc', '--format', '{{.CreatedBy}}', image).out;
    const settings = docker('image', 'inspect', image).out;
    const files = docker(
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'sh',
      image,
      '-c',
      'grep -rl --exclude-dir=node_modules -F "$0" /app /tmp /etc/ssl 2>/dev/null; true',
      firstCaLine,
    ).out;
    if (history.includes(firstCaLine) || settings.includes(firstCaLine) || files)
      fail(`the build's EXTRA_CA_CERTS reached the runtime image ${files}`);
    say(
      "ok: the build's installs trusted EXTRA_CA_CERTS (through compose.yaml); the runtime image does not hold it",
    );
  }

  // --- Alone, with no network: it starts without the internet and answers as a non-root user. ---
  standalone = `${project}-alone`;
  const started = docker('run', '-d', '--name', standalone, '--network', 'none', '-e', 'DEMO_DATA=on', image);
  if (!started.ok) fail(`the container did not start: ${started.err}`);
  await waitHealthy(standalone);
  const uid = docker('exec', standalone, 'id', '-u').out;
  if (uid === '0' || uid === '') fail(`the server runs as uid ${uid || '?'}; it must not be root`);
  const health = JSON.parse(
    docker(
      'exec',
      standalone,
      'node',
      '-e',
      "fetch('http://127.0.0.1:3000/api/health').then(r=>r.text()).then(t=>process.stdout.write(t))",
    ).out,
  ) as { ok: boolean; version: string; commit: string };
  if (!health.ok || health.version !== version || health.commit !== commit)
    fail(`/api/health answered ${JSON.stringify(health)}`);
  say(
    `ok: with no network at all the container is healthy and answers /api/health as uid ${uid} (version ${health.version}, commit ${health.commit})`,
  );
  docker('rm', '-f', '-v', standalone);
  standalone = null;

  // --- compose.yaml: app + Caddy, named volumes. ---
  compose('down', '-v', '--remove-orphans');
  const caddyfile = run(
    'caddy',
    ['validate', '--adapter', 'caddyfile', '--config', path.join(root, 'deploy/caddy/Caddyfile')],
    {
      env: { PUBLIC_BASE_URL: `https://${host}`, CADDY_TLS: 'internal' },
      quiet: true,
    },
  );
  if (!caddyfile.ok) fail(`the Caddyfile does not validate:\n${caddyfile.err}`);
  const up = compose('up', '-d', '--no-build');
  if (!up.ok) fail(`docker-compose up failed:\n${up.err}`);
  const app = `${project}_app_1`;
  await waitHealthy(app);

  const ca = await waitFor("Caddy's internal CA", () => {
    const pem = compose('exec', '-T', 'caddy', 'cat', '/data/caddy/pki/authorities/local/root.crt');
    return pem.ok && pem.out.includes('BEGIN CERTIFICATE') ? pem.out : null;
  });
  const healthOverHttps = await waitFor('https through Caddy', async () => {
    try {
      const res = await viaCaddy('https', '/api/health', { ca });
      return res.status === 200 ? res : null;
    } catch {
      return null;
    }
  });
  const composed = JSON.parse(healthOverHttps.body) as { version: string; commit: string | null };
  if (composed.version !== version || composed.commit !== commit)
    fail(`under compose /api/health names version ${composed.version} and commit ${composed.commit}`);
  say(`ok: under compose /api/health names version ${composed.version} and commit ${composed.commit}`);
  for (const service of ['app', 'caddy']) {
    const logging = JSON.parse(
      docker('inspect', '--format', '{{json .HostConfig.LogConfig}}', `${project}_${service}_1`).out,
    ) as { Type: string; Config: Record<string, string> };
    if (
      logging.Type !== 'json-file' ||
      logging.Config['max-size'] !== '10m' ||
      logging.Config['max-file'] !== '5'
    )
      fail(`the ${service} container's log does not rotate: ${JSON.stringify(logging)}`);
  }
  say('ok: both containers log to json-file rotated at 10 MB × 5 files');
  const hsts = healthOverHttps.headers['strict-transport-security'];
  if (hsts !== 'max-age=31536000; includeSubDomains')
    fail(`HSTS over https is not sent once: ${JSON.stringify(hsts)}`);
  const plain = await viaCaddy('http', '/api/health');
  if (![301, 308].includes(plain.status) || !String(plain.headers.location).startsWith(`https://${host}`))
    fail(`http:// was not redirected to https:// (${plain.status} ${plain.headers.location})`);
  say(
    `ok: Caddy answers https://${host}/api/health with its internal CA (HSTS: ${hsts}); http:// redirects (${plain.status})`,
  );

  // A Twilio webhook signed for the https address Twilio was given goes through Caddy and is accepted.
  const params = {
    CallSid: 'CA0de9101de9101de9101de9101de91001', // Twilio's shape (CA + 32 hex): the line refuses others
    From: '+17075550123',
    To: '+17075550100',
    CallStatus: 'ringing',
  };
  const call = (signature: string) =>
    viaCaddy('https', '/api/twilio/incoming-call', {
      ca,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
      body: new URLSearchParams(params).toString(),
    });
  const signed = await call(twilioSignature(twilioToken, `https://${host}/api/twilio/incoming-call`, params));
  if (signed.status !== 200 || !signed.body.includes('<Response>'))
    fail(`the signed Twilio webhook was not accepted: ${signed.status} ${signed.body.slice(0, 300)}`);
  const forged = await call(
    twilioSignature('another-token', `https://${host}/api/twilio/incoming-call`, params),
  );
  if (forged.status !== 403) fail(`a Twilio webhook with a forged signature got ${forged.status}, not 403`);
  say('ok: a Twilio webhook signed for the https address is accepted through Caddy (a forged one: 403)');

  // --- Data survives recreating the container (the call above is a row in the /data volume). ---
  const callRows = () =>
    compose(
      'exec',
      '-T',
      'app',
      'node',
      '-e',
      "const D=require('better-sqlite3');const d=new D('/data/washdesk.sqlite',{readonly:true});process.stdout.write(String(d.prepare(\"SELECT COUNT(*) FROM calls WHERE call_sid='CA0de9101de9101de9101de9101de91001'\").pluck().get()))",
    ).out;
  if (callRows() !== '1') fail(`the call was not stored (${callRows()})`);
  const recreated = compose('up', '-d', '--no-build', '--force-recreate', 'app');
  if (!recreated.ok) fail(`recreating the app container failed:\n${recreated.err}`);
  await waitHealthy(app);
  if (callRows() !== '1') fail('the call stored before recreating the container is gone');
  say('ok: data survives recreating the container');

  // --- Backups inside the container: taken and proven. ---
  const backup = compose('exec', '-T', 'app', 'npm', 'run', '--silent', 'backup');
  const verify = compose('exec', '-T', 'app', 'npm', 'run', '--silent', 'backup:verify');
  if (!backup.ok || !verify.ok)
    fail(
      `npm run backup / backup:verify in the container failed:\n${backup.out}\n${backup.err}\n${verify.out}\n${verify.err}`,
    );
  say(`ok: in the container, ${backup.out.split('\n')[0]}; ${verify.out}`);

  // --- The README's restore drill: a call after the backup, then stop, restore, start. ---
  const afterBackup = await viaCaddy('https', '/api/twilio/incoming-call', {
    ca,
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': twilioSignature(twilioToken, `https://${host}/api/twilio/incoming-call`, {
        ...params,
        CallSid: 'CA0de9101de9101de9101de9101de91002',
      }),
    },
    body: new URLSearchParams({ ...params, CallSid: 'CA0de9101de9101de9101de9101de91002' }).toString(),
  });
  if (afterBackup.status !== 200) fail(`the second call was not accepted (${afterBackup.status})`);
  const restoreStarted = Date.now();
  if (!compose('stop', 'app').ok) fail('docker-compose stop app failed');
  const restored = compose(
    'run',
    '--rm',
    '-T',
    'app',
    'npm',
    'run',
    '--silent',
    'restore',
    '--',
    'latest',
    '--force',
  );
  if (!restored.ok) fail(`the restore drill failed:\n${restored.out}\n${restored.err}`);
  if (!compose('start', 'app').ok) fail('docker-compose start app failed');
  await waitHealthy(app);
  const calls = compose(
    'exec',
    '-T',
    'app',
    'node',
    '-e',
    "const D=require('better-sqlite3');const d=new D('/data/washdesk.sqlite',{readonly:true});process.stdout.write(d.prepare(\"SELECT call_sid FROM calls WHERE call_sid LIKE 'CA0de9101de9101de9101de9101de910%' ORDER BY call_sid\").pluck().all().join(','))",
  ).out;
  if (calls !== 'CA0de9101de9101de9101de9101de91001')
    fail(`after the restore the calls are "${calls}", not the backup's (the first call only)`);
  say(
    `ok: restore drill (stop, npm run restore -- latest --force, start) in ${Math.round((Date.now() - restoreStarted) / 1000)} s: the database is the backup's`,
  );

  // --- The README's move to another server: the backups folder carried out with tar, every volume
  // dropped (the new server has none), then restored from the carried folder as from an S3 copy. ---
  const carried = path.join(scratch, 'from-s3');
  fs.mkdirSync(carried, { mode: 0o755 });
  if (!compose('stop', 'app').ok) fail('docker-compose stop app failed');
  const tarred = run(
    'bash',
    [
      '-o',
      'pipefail',
      '-c',
      'docker-compose -f "$0" run --rm -T app tar -C /backups -c . | tar -C "$1" -x',
      path.join(root, 'compose.yaml'),
      carried,
    ],
    { env: composeEnv, quiet: true },
  );
  if (!tarred.ok || !fs.existsSync(path.join(carried, 'snapshots')))
    fail(`the backups folder could not be carried out with tar:\n${tarred.err}`);
  compose('down', '-v', '--remove-orphans');
  const moved = compose(
    'run',
    '--rm',
    '-T',
    '-v',
    `${carried}:/from-s3`,
    '-e',
    'BACKUP_DIR=/from-s3',
    'app',
    'npm',
    'run',
    '--silent',
    'restore',
    '--',
    'latest',
  );
  if (!moved.ok) fail(`restoring the carried backups on a new volume failed:\n${moved.out}\n${moved.err}`);
  if (!compose('up', '-d', '--no-build').ok) fail('docker-compose up after the move failed');
  await waitHealthy(app);
  const callsMoved = compose(
    'exec',
    '-T',
    'app',
    'node',
    '-e',
    "const D=require('better-sqlite3');const d=new D('/data/washdesk.sqlite',{readonly:true});process.stdout.write(d.prepare(\"SELECT call_sid FROM calls WHERE call_sid LIKE 'CA0de9101de9101de9101de9101de910%' ORDER BY call_sid\").pluck().all().join(','))",
  ).out;
  if (callsMoved !== 'CA0de9101de9101de9101de9101de91001')
    fail(`after the move the calls are "${callsMoved}", not the backup's (the first call only)`);
  say(
    'ok: moving servers as the README says (tar the backups out, new volumes, restore -- latest from the carried folder, up): the data came along',
  );

  cleanUp();
  say('Deploy test passed.');
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
