import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every text the business sends goes through ONE sender (business-texts.ts), which applies STOP,
// consent and quiet hours. The twilio client's sendText must therefore be reachable from nowhere
// else: a new path that called it directly would text a number that opted out. This reads the
// source, so it fails the moment any other file names it (a call, a destructuring, a bracket).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SEARCHED = ['backend/src', 'backend/scripts', 'scripts'];
/** The sender, the client that defines it, and the client's own test of the SDK call. */
const ALLOWED = new Set([
  'backend/src/texts/business-texts.ts',
  'backend/src/phone/twilio-client.ts',
  'backend/src/phone/twilio-client.test.ts',
  'backend/src/texts/one-text-sender.test.ts',
]);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    return entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !file.includes('node_modules')
      ? [file]
      : [];
  });
}

describe('the one text sender', () => {
  it("is the only code that reaches Twilio's sendText", () => {
    const callers = SEARCHED.flatMap(sourceFiles).filter(
      (file) => !ALLOWED.has(file) && /\bsendText\b/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(callers).toEqual([]);
  });

  it('would notice a file that called it', () => {
    // The check itself can fail: the pattern finds a direct call and a destructured one.
    expect(/\bsendText\b/.test('await twilio.sendText(to, body)')).toBe(true);
    expect(/\bsendText\b/.test('const { sendText } = twilio')).toBe(true);
    expect(/\bsendText\b/.test('sendTextSchema.parse(body)')).toBe(false);
  });

  it('finds the sender itself (the search reads the right folders)', () => {
    const files = SEARCHED.flatMap(sourceFiles);
    expect(files).toContain('backend/src/texts/business-texts.ts');
    expect(files).toContain('backend/src/quote-sending/quote-delivery.ts');
  });
});
