import { describe, expect, it } from 'vitest';
import type { Call } from '@washdesk/contract';
import { callDuration, callerName, formatCallTime } from './call-format.ts';

const call = (over: Partial<Call>) => ({ customerName: null, duration: null, ...over }) as Call;

describe('a call as the Call Logs show it', () => {
  it('gives the duration, or "N/A" when none was measured', () => {
    expect(callDuration(call({ duration: '3:42' }))).toBe('3:42');
    expect(callDuration(call({ duration: null }))).toBe('N/A');
  });

  it('names the caller, or says the caller is unknown', () => {
    expect(callerName(call({ customerName: 'Rosa Greer' }))).toBe('Rosa Greer');
    expect(callerName(call({ customerName: null }))).toBe('Unknown caller');
  });

  it('shows when it happened in the desk’s own time zone', () => {
    // 3:05 PM on March 2nd wherever the test runs, written as the server sends it (UTC).
    const afternoon = new Date(2026, 2, 2, 15, 5).toISOString();
    expect(formatCallTime(afternoon)).toBe('Mar 2, 2026, 3:05 PM');
  });
});
