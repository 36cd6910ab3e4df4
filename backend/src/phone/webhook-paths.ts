/** The callbacks Twilio is pointed at (spec section 7), in the order the Telephony tab lists them. */
export const PHONE_WEBHOOKS = {
  incomingCall: '/api/twilio/incoming-call',
  processSpeech: '/api/twilio/process-speech',
  callStatus: '/api/twilio/call-status',
} as const;
