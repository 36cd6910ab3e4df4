/** The callbacks Twilio is pointed at (spec section 7), in the order the Telephony tab lists them. */
export const PHONE_WEBHOOKS = {
  incomingCall: '/api/twilio/incoming-call',
  processSpeech: '/api/twilio/process-speech',
  callStatus: '/api/twilio/call-status',
} as const;

/**
 * Twilio's callbacks about a caller's recorded message (issue 24): the recording's status, and its
 * transcription. Named in the `<Record>` TwiML itself, so nothing in the Twilio console points here.
 */
export const VOICEMAIL_WEBHOOKS = {
  recordingStatus: '/api/twilio/recording-status',
  recordingTranscript: '/api/twilio/recording-transcript',
} as const;
