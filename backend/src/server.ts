import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrate.ts';
import { startServer } from './start.ts';

// The server's entry: configuration and database problems end in one clear message, not a trace.
try {
  const running = await startServer(loadConfig());
  process.stdout.write(`Washdesk is running on ${running.url} (admin: ${running.url}/admin)\n`);
  for (const line of running.notices) process.stdout.write(`${line}\n`);
  // Ctrl-C under `npm start` signals us twice (the terminal, then scripts/start.mjs passing it on):
  // the second must not cut the clean close short.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError || error instanceof MigrationError) {
    process.stderr.write(`Washdesk cannot start.\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
