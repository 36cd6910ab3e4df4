/** Twilio's messaging callbacks: the business number's incoming texts and each sent text's delivery. */
export const TEXT_WEBHOOKS = {
  incomingSms: '/api/twilio/incoming-sms',
  messageStatus: '/api/twilio/message-status',
} as const;
