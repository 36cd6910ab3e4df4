import { Writable } from 'node:stream';
import { createLogger } from '../http/request-log.ts';

/** A server logger at `level` whose lines (one JSON object each, as written) land in `lines` for the test to read. */
export function capturedLog(level: string) {
  const lines: string[] = [];
  const logger = createLogger(
    level,
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  );
  return { lines, logger };
}
