import type { AiIntent, AiResponseChannel } from '@washdesk/contract';

/** The sentence for a question the knowledge cannot answer (the words, in both tones). */
export const NO_ANSWER = "I don't have that information, I'll have someone from the office call you back.";
/**
 * The same on a text or Messenger conversation: the conversation itself is in Requests, and staff
 * answer there, so no call back is promised (every promised call back is a task: call-back-tasks.ts).
 */
export const NO_ANSWER_IN_WRITING =
  "I don't have that information, so I've left your question for the office to answer here.";

/**
 * What the assistant says around its facts, in the tone Settings → Friendly Tone picks: casual and
 * warm, or plain and professional. The facts themselves (FAQ answers, common responses) are said
 * as staff wrote them.
 */
export function wording(friendly: boolean, businessName: string, channel: AiResponseChannel = 'phone') {
  const noAnswer = channel === 'phone' ? NO_ANSWER : NO_ANSWER_IN_WRITING;
  const opener: Partial<Record<AiIntent, string>> = friendly
    ? {
        pricing: 'Happy to help with pricing!',
        quote_request: 'Sure thing!',
        service_area: 'Good question!',
        service_inquiry: 'Great question!',
        other: 'Sure!',
      }
    : {};
  return {
    greeting: (channel: AiResponseChannel) =>
      channel === 'phone'
        ? friendly
          ? `Hi there! Thanks for calling ${businessName}. I'm the virtual assistant, and I'm happy to help. What can I do for you today?`
          : `Thank you for calling ${businessName}. This is the virtual assistant. How may I help you?`
        : friendly
          ? `Hi there! Thanks for messaging ${businessName}. I'm the virtual assistant. What can I do for you?`
          : `Thank you for contacting ${businessName}. This is the virtual assistant. How may I help you?`,
    /** A fact said as written, with a friendly opener in the casual tone. */
    answer: (intent: AiIntent, fact: string) => [opener[intent], fact].filter(Boolean).join(' '),
    noAnswer: friendly ? `Hmm, sorry about that. ${noAnswer}` : noAnswer,
    /** The same sentence without the tone's lead-in, for the end of another answer. */
    noAnswerPlain: noAnswer,
    /** "Hi there": only a hello, so the assistant asks what it can do. */
    hello: friendly ? 'Hi! What can I help you with today?' : 'Hello. How may I help you?',
    anythingElse: friendly
      ? 'Anything else I can help you with?'
      : 'Is there anything else I can help you with?',
    offerEstimate: friendly
      ? "Want me to set up a free on-site estimate? We'd love to come take a look."
      : 'Would you like to book a free on-site estimate?',
    offerPhotoLink: (how: 'text' | 'chat') =>
      how === 'text'
        ? friendly
          ? 'I can also text you a link to send us a few photos for a quick quote. Want me to send it?'
          : 'I can text you a link to send us photos for a quick quote. Would you like me to send it?'
        : friendly
          ? 'You can also send us a few photos for a quick quote. Want the link?'
          : 'You can also send photos for a quick quote. Would you like the link?',
    photoLinkInChat: (url: string) => `Here is the link for a quick photo quote: ${url}`,
    offerDeclined: friendly ? 'No problem at all!' : 'Understood.',
    startBooking: friendly
      ? "Great, let's get your free estimate booked."
      : "Certainly. Let's book your free estimate.",
    booked: (when: string) =>
      friendly
        ? `You're all set! Your free estimate is booked for ${when}. We'll see you then.`
        : `Your free estimate is booked for ${when}.`,
    notBooked: friendly
      ? "No problem, I haven't booked anything. What would you like to change: the name, the service, the address, or the day and time?"
      : 'I have not booked anything. What would you like to change: the name, the service, the address, or the day and time?',
    slotTaken: (time: string, free: string[]) =>
      free.length
        ? `Sorry, ${time} is already taken that day. We still have ${free.slice(0, 3).join(', ')}. Which would you like?`
        : `Sorry, that day is fully booked. What other day would suit you?`,
    goodbye: friendly
      ? `Thanks so much for calling ${businessName}. Have a great day, goodbye!`
      : `Thank you for calling ${businessName}. Goodbye.`,
    backToBooking: 'Now, to finish your booking:',
    /** Something was taken, though not what was asked: said before asking it again. */
    noted: friendly ? 'Got it, thanks.' : 'Thank you.',
  };
}
export type Wording = ReturnType<typeof wording>;
