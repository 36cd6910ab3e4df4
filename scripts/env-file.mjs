// The local .env (see .env.example): read if present, real environment variables winning. It holds
// the business's secrets (API keys, the first owner's password), so one that other users of the
// machine can read (as `cp .env.example .env` leaves it under the usual umask) is warned about.
import fs from 'node:fs';

/** Whether anyone but the file's owner may read or write it (group or other permission bits). */
export function openToOthers(file) {
  return process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0;
}

/** Loads `file` when it exists; `warn` gets one line when others can read it. */
export function loadEnvFile(file, warn = (line) => process.stderr.write(`${line}\n`)) {
  if (!fs.existsSync(file)) return false;
  if (openToOthers(file))
    warn(`Warning: ${file} can be read by other users of this machine. Run: chmod 600 ${file}`);
  process.loadEnvFile(file);
  return true;
}
