import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface OwnTestServer {
  url: string;
  email: string;
  password: string;
  /** The phone-line scenario's Twilio token and the public address webhooks are signed for. */
  twilio?: {
    authToken: string;
    publicBaseUrl: string;
    /** The fake Twilio REST API (127.0.0.1) and the account whose one recording it holds. */
    accountSid: string;
    apiUrl: string;
    recordingSid: string;
  };
  /** The messenger scenario: the fake Meta's address (GET /__calls) and the secret to sign with. */
  metaUrl?: string;
  appSecret?: string;
  /** The visit-reminder scenario: the path of the reminder's link (/visit/{token}) and its visit. */
  visitPath?: string;
  appointmentId?: number;
  /** The schedule-tools scenario: the rained-out day and its visits' ids. */
  rainedOutDay?: string;
  visitIds?: number[];
  /** The customer-account scenario: the texted sign-in link's path, its customer and invoice. */
  accountLinkPath?: string;
  customerId?: number;
  invoicePath?: string;
  /** The customer-account scenario: another customer's invoice (Dana may not pay it). */
  otherInvoiceNumber?: number;
  /** The spanish-quote scenario: the Spanish customer's quote page, her plan job's page and its title. */
  quotePath?: string;
  planVisitPath?: string;
  planTitle?: string;
  /** Stops the server and resolves with its exit code (1 when it reported a fault). */
  stop(): Promise<number | null>;
}

/**
 * Starts backend/src/test/e2e-server.ts in a child process for one browser test file that needs a
 * server unlike the shared ones (a fixed clock, an AI key). Resolves once it has printed its URL.
 */
export async function startOwnTestServer(
  scenario:
    | 'dashboard-week'
    | 'ai-key'
    | 'phone-line'
    | 'messenger'
    | 'visit-reminder'
    | 'customer-messages'
    | 'schedule-tools'
    | 'money'
    | 'customer-account'
    | 'spanish-quote',
): Promise<OwnTestServer> {
  const { stop, ...line } = await startScriptServer<Omit<OwnTestServer, 'stop'>>(
    'backend/src/test/e2e-server.ts',
    [scenario],
  );
  const {
    url,
    email,
    password,
    twilio,
    metaUrl,
    appSecret,
    visitPath,
    appointmentId,
    rainedOutDay,
    visitIds,
    accountLinkPath,
    customerId,
    invoicePath,
    otherInvoiceNumber,
    quotePath,
    planVisitPath,
    planTitle,
  } = line;
  return {
    url,
    email,
    password,
    twilio,
    metaUrl,
    appSecret,
    visitPath,
    appointmentId,
    rainedOutDay,
    visitIds,
    accountLinkPath,
    customerId,
    invoicePath,
    otherInvoiceNumber,
    quotePath,
    planVisitPath,
    planTitle,
    stop,
  };
}

/**
 * Starts a browser test's server script (under the repository, with `args`) in a child process:
 * it prints one JSON line once it listens and stops when its stdin closes. Resolves with that
 * line's details and stop(), which closes stdin and resolves with the exit code.
 */
export async function startScriptServer<T extends object>(
  script: string,
  args: string[] = [],
): Promise<T & { stop(): Promise<number | null> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, script), ...args],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    void exited.then((code) =>
      reject(new Error(`${path.basename(script)} ${args.join(' ')} exited with ${code}`)),
    );
  });
  return {
    ...(JSON.parse(firstLine) as T),
    stop: () => {
      child.stdin!.end();
      return exited;
    },
  };
}
