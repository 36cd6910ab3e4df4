import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrate.ts';
import { startServer } from './start.ts';
import { DatabaseVanishedError, DataFolderInUseError } from './backups/data-folder-guard.ts';
import { goPublic } from './phone/public-address.ts';

// The server's entry: configuration and database problems end in one clear message, not a trace.
try {
  const running = await startServer(loadConfig());
  process.stdout.write(`Washdesk is running on ${running.url} (admin: ${running.url}/admin)\n`);
  for (const line of running.notices) process.stdout.write(`${line}\n`);
  // The phone line's public address: an ngrok tunnel with NGROK_AUTHTOKEN, else PUBLIC_BASE_URL.
  const address = running.server.address();
  const port = typeof address === 'object' && address ? address.port : running.config.port;
  const publicAddress = goPublic({ config: running.config, publicUrl: running.publicUrl, port });
  // Ctrl-C under `npm start` signals us twice (the terminal, then scripts/start.mjs passing it on):
  // the second must not cut the clean close short.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // The tunnel closes first, so Twilio stops reaching a server that is going away.
    void publicAddress
      .then((opened) => opened.close())
      .catch(() => undefined)
      .then(() => running.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const line of (await publicAddress).lines) process.stdout.write(`${line}\n`);
} catch (error) {
  // Issue 31: a data folder another server holds, or one whose database vanished, is refused in words.
  if (
    error instanceof ConfigError ||
    error instanceof MigrationError ||
    error instanceof DatabaseVanishedError ||
    error instanceof DataFolderInUseError
  ) {
    process.stderr.write(`Washdesk cannot start.\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
