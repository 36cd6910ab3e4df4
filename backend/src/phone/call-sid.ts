import type { Call } from '@washdesk/contract';

/**
 * Twilio's CallSid: "CA" and 32 hex digits. One shape for every voice webhook, the relay's socket
 * and voicemail, so a request one of them refuses is refused by all (anything else is not Twilio's).
 */
const CALL_SID = /^CA[0-9a-f]{32}$/i;

export const isCallSid = (sid: string) => CALL_SID.test(sid);

/**
 * A call on the phone line was opened from Twilio's CallSid (only calls entered by staff have
 * none), so a call the line answers always has one: missing, it is a fault, not a caller's mistake.
 */
export function callSidOf(call: Call): string {
  if (!call.callSid) throw new Error(`call ${call.id} has no CallSid`);
  return call.callSid;
}
