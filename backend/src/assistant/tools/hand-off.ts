import type { ReplyLanguage } from '../spanish.ts';

// "Can I talk to a real person?" The channel knows how a person can be reached right now (a forward
// number while the office is open, a call back, or only the office's number); the words the caller
// hears for each are written here, once, so the reply the log keeps is the one the caller hears.

export type HandoffRoute =
  /** The phone puts the caller through to the forward number now. */
  | { kind: 'put-through' }
  /** Someone calls back at the caller's number; `closedUntil` says when the office opens, when closed. */
  | { kind: 'call-back'; closedUntil?: string; canLeaveMessage: boolean }
  /** Nobody can be reached and the caller's number is unknown: they call the office. */
  | { kind: 'call-the-office'; officePhone: string }
  /** Messenger: staff answer in the conversation. */
  | { kind: 'reply-in-chat' };

const WORDS = {
  'en-US': {
    putThrough: 'Connecting you with someone from the office now. Please hold.',
    callBack:
      "I can't put you through to a person right now, but someone from the office will call you back at this number.",
    closed: "The office is closed right now, so I can't put you through to a person.",
    closedCallBack: 'Someone from the office will call you back at this number when it opens.',
    leaveMessage:
      "You can also leave a message after the tone with your name and what you need. Press the pound key or hang up when you're done.",
    callTheOffice: (phone: string) =>
      `I can't put you through right now, and I can't see the number you're calling from. Please call the office at ${phone}.`,
    inChat: 'Someone from the office will reply to you here as soon as they can.',
  },
  'es-US': {
    putThrough: 'Le comunico con alguien de la oficina. Un momento, por favor.',
    callBack:
      'Lo siento, todavía no puedo atenderle en español. Alguien de la oficina le llamará a este número.',
    closed: 'Lo siento, todavía no puedo atenderle en español, y la oficina está cerrada ahora.',
    closedCallBack: 'Alguien de la oficina le llamará a este número cuando abra.',
    callTheOffice: (phone: string) =>
      `Lo siento, todavía no puedo atenderle en español y no veo su número. Por favor, llame a la oficina al ${phone}.`,
    inChat:
      'Lo siento, todavía no puedo atenderle en español. Alguien de la oficina le contestará aquí, o le llamará si nos deja su número.',
  },
} as const;

/** What the caller hears when a person is asked for: one sentence set per route and language. */
export function handoffReply(route: HandoffRoute, language: ReplyLanguage = 'en-US'): string {
  const w = WORDS[language];
  switch (route.kind) {
    case 'put-through':
      return w.putThrough;
    case 'call-back': {
      const parts =
        route.closedUntil !== undefined
          ? [w.closed, language === 'en-US' ? route.closedUntil : '', w.closedCallBack]
          : [w.callBack];
      // The message is left after an English tone prompt; a Spanish caller is listened to instead.
      if (route.canLeaveMessage && language === 'en-US') parts.push(WORDS['en-US'].leaveMessage);
      return parts.filter(Boolean).join(' ');
    }
    case 'call-the-office':
      return w.callTheOffice(route.officePhone);
    case 'reply-in-chat':
      return w.inChat;
  }
}

/** The phone line's own hand-off sentences outside a turn (after a failed put-through). */
export const HANDOFF_WORDS = WORDS['en-US'];
