// Fills a fresh database with thousands of rows before a server starts on it (the browser
// tests' "busy business" server): `tsx backend/scripts/seed-volume.ts` with DATA_DIR set.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedVolume } from '../src/demo/volume-data.ts';

const rows = Number(process.env.VOLUME_ROWS ?? 5000);
const config = loadConfig();
const db = openDatabase(config.databaseFile, config.migrationsDir);
const already = (db.prepare('SELECT COUNT(*) AS n FROM photo_submissions').get() as { n: number }).n;
if (already === 0) seedVolume(db, { submissions: rows, calls: rows, appointments: rows });
db.close();
process.stdout.write(
  `Volume database ready in ${config.dataDir} (${rows} submissions, calls, appointments)\n`,
);
