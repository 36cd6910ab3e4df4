// Which incoming calls the line hangs up on without an assistant turn (issue 24 item 7).
//
// Twilio's StirVerstat is the carrier's SHAKEN/STIR verdict on the caller id, and is sent only
// when the call carried a signed identity. Only an outright failure screens a call:
// "TN-Validation-Failed" (no attestation level), "-A"/"-B"/"-C", and their "-Diverted" forms —
// Twilio could not verify the signature, i.e. tampering or a caller id the signer did not vouch
// for. Not screened: "TN-Validation-Passed-*" (verified), a missing parameter (the call was not
// signed, as many honest calls from small carriers and landlines are not), and "No-TN-Validation"
// (Twilio did not validate at all: a malformed number or PASSporT, or one older than a minute —
// faults of the carriers' plumbing, not evidence that the caller lies about their number).
const FAILED_VERIFICATION = /^TN-Validation-Failed(?:-[ABC](?:-Diverted)?)?$/;

export type Screening = 'blocked' | 'unverified';

export function screeningOf(call: { verstat: string; blocked: boolean }): Screening | null {
  if (call.blocked) return 'blocked';
  if (FAILED_VERIFICATION.test(call.verstat.trim())) return 'unverified';
  return null;
}
