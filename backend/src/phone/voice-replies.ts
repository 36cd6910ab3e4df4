import twilio from 'twilio';
import { APPOINTMENT_SERVICE_OPTIONS } from '@washdesk/contract';
import type { ReplyLanguage } from '../assistant/spanish.ts';
import { HANDOFF_WORDS } from '../assistant/tools/hand-off.ts';
import { PHONE_WEBHOOKS, VOICEMAIL_WEBHOOKS } from './webhook-paths.ts';

// Everything the caller hears, as TwiML built with the SDK's VoiceResponse (it escapes the text and
// knows the verbs' attributes). The wording of the phone line's own sentences lives here too.

const PROCESS_SPEECH_PATH = PHONE_WEBHOOKS.processSpeech;

/** What a voice reply needs to know about the business and the line. */
export interface VoiceLine {
  voice: string;
  businessName: string;
  /** Words the speech recogniser should expect: the services and the towns served. */
  hints: string;
  /** The public address in use: Twilio posts a recording's callbacks there, later, on its own. */
  publicUrl: () => string;
}

/** The longest message a caller can leave, in seconds. */
export const VOICEMAIL_MAX_SECONDS = 120;

/** The service area sentence split into its places: "Mendocino, Humboldt and Trinity counties" → 3. */
export function placesOf(serviceArea: string): string[] {
  return serviceArea
    .split(/,|;|\band\b|\bespecially\b|\bincluding\b/i)
    .map((part) =>
      part
        .replace(/\b(counties|county|the|of)\b/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part, i, all) => part.length > 1 && all.indexOf(part) === i);
}

export const speechHints = (serviceArea: string) =>
  [...APPOINTMENT_SERVICE_OPTIONS.map((o) => o.label), ...placesOf(serviceArea)].join(', ');

/**
 * A web address said aloud so a caller can type it: "quotes dot example dot com slash photo dash
 * quote dash tool" (every character that matters is named).
 */
export function spokenWebAddress(url: string): string {
  const { host, pathname } = new URL(url);
  const words = (text: string) =>
    text
      .replace(/\./g, ' dot ')
      .replace(/-/g, ' dash ')
      .replace(/_/g, ' underscore ')
      .replace(/:/g, ' colon ');
  const path = pathname
    .split('/')
    .filter(Boolean)
    .map((part) => ` slash ${words(part)}`)
    .join('');
  return `${words(host)}${path}`.replace(/\s+/g, ' ').trim();
}

export const PHONE_WORDS = {
  reprompt: "Sorry, I didn't catch that. Could you say that again?",
  stillSilent: "Sorry, I still can't hear anything, so I'll end the call here.",
  // The hand-off sentences are the assistant's (it says them in the turn, so the log keeps them).
  connecting: HANDOFF_WORDS.putThrough,
  callBack: HANDOFF_WORDS.callBack,
  noNumberToCall: HANDOFF_WORDS.callTheOffice,
  dialFailed: 'Sorry, nobody in the office could take the call. Someone will call you back at this number.',
  textSent: "I've texted you the link.",
  textFailed: (url: string) =>
    `Sorry, I couldn't send the text just now. You can find the photo quote form at ${spokenWebAddress(url)}.`,
  fault:
    "I'm sorry, something went wrong on our end. Someone from the office will call you back at this number.",
  goodbye: (businessName: string) => `Thank you for calling ${businessName}. Goodbye.`,
  leaveMessage: HANDOFF_WORDS.leaveMessage,
  closedNow: HANDOFF_WORDS.closed,
  closedCallBack: HANDOFF_WORDS.closedCallBack,
  messageTaken: 'Thank you, your message is recorded and someone from the office will call you back.',
  screened: 'Sorry, this line cannot take your call. Goodbye.',
  photoText: (businessName: string, url: string) =>
    `${businessName}: send us a few photos for a quick quote: ${url}`,
};

const endsWithGoodbye = (text: string) => /good ?bye[.!]?\s*$/i.test(text);

/** The SDK's list of voices; TWILIO_VOICE is checked for their shape when the server starts. */
type SayVoice = NonNullable<Exclude<Parameters<twilio.twiml.VoiceResponse['say']>[0], string>['voice']>;
type SayLanguage = NonNullable<Exclude<Parameters<twilio.twiml.VoiceResponse['say']>[0], string>['language']>;

/** A Spanish reply is spoken by Amazon Polly's US Spanish voice (no extra setup on Twilio). */
export const SPANISH_VOICE = 'Polly.Lupe';

export function voiceReplies(line: VoiceLine) {
  const sayAttributes = (language: ReplyLanguage) =>
    language === 'es-US'
      ? { voice: SPANISH_VOICE as SayVoice, language: 'es-US' as SayLanguage }
      : { voice: line.voice as SayVoice };
  const say = (response: twilio.twiml.VoiceResponse, text: string, language: ReplyLanguage = 'en-US') => {
    response.say(sayAttributes(language), text);
  };

  /**
   * Says `text` while already listening; `silences` = how many silent turns came just before.
   * The `<Say>` is nested in a `<Gather bargeIn="true">` (Twilio allows `<Say>`/`<Play>` there), so
   * a caller who starts talking stops the speech and is heard, rather than waiting it out.
   */
  const sayAndListen = (text: string, silences = 0, language: ReplyLanguage = 'en-US') => {
    const response = new twilio.twiml.VoiceResponse();
    const action = silences > 0 ? `${PROCESS_SPEECH_PATH}?silence=${silences}` : PROCESS_SPEECH_PATH;
    const gather = response.gather({
      input: ['speech'],
      action,
      method: 'POST',
      speechTimeout: 'auto',
      hints: line.hints,
      // The recogniser listens in the language just spoken: a Spanish caller answers in Spanish.
      language,
      actionOnEmptyResult: true,
      bargeIn: true,
    });
    gather.say(sayAttributes(language), text);
    // If the gather ends with nothing heard and Twilio moves on instead of posting, it comes back
    // here as the same silent turn.
    response.redirect({ method: 'POST' }, action);
    return response.toString();
  };

  /** Says each sentence, a goodbye unless the last one already is, then hangs up. */
  const sayAndHangUp = (...texts: string[]) => {
    const response = new twilio.twiml.VoiceResponse();
    for (const text of texts.filter(Boolean)) say(response, text);
    if (!endsWithGoodbye(texts.filter(Boolean).at(-1) ?? ''))
      say(response, PHONE_WORDS.goodbye(line.businessName));
    response.hangup();
    return response.toString();
  };

  /** Says `text`, puts the caller through; Twilio tells process-speech how the dial ended (`?dialed=1`). */
  const connect = (number: string, text: string, language: ReplyLanguage = 'en-US') => {
    const response = new twilio.twiml.VoiceResponse();
    // Empty after a streamed call: the caller already heard the words over ConversationRelay.
    if (text) say(response, text, language);
    response.dial({ action: `${PROCESS_SPEECH_PATH}?dialed=1`, method: 'POST' }, number);
    return response.toString();
  };

  /**
   * Says why nobody can take the call, then records a message: Twilio posts the recording's status
   * and its transcription to the voicemail webhooks, and the caller to process-speech?recorded=1.
   * A caller who says nothing is not posted anywhere: the verbs after <Record> say goodbye.
   * `texts` are said as given (they include the invitation to leave a message).
   */
  const leaveMessage = (texts: string[], language: ReplyLanguage = 'en-US') => {
    const response = new twilio.twiml.VoiceResponse();
    for (const text of texts) say(response, text, language);
    const base = line.publicUrl();
    response.record({
      action: `${PROCESS_SPEECH_PATH}?recorded=1`,
      method: 'POST',
      maxLength: VOICEMAIL_MAX_SECONDS,
      finishOnKey: '#',
      playBeep: true,
      timeout: 5,
      recordingStatusCallback: `${base}${VOICEMAIL_WEBHOOKS.recordingStatus}`,
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed', 'absent'],
      transcribe: true,
      transcribeCallback: `${base}${VOICEMAIL_WEBHOOKS.recordingTranscript}`,
    });
    say(response, PHONE_WORDS.goodbye(line.businessName));
    response.hangup();
    return response.toString();
  };

  const hangUp = () => {
    const response = new twilio.twiml.VoiceResponse();
    response.hangup();
    return response.toString();
  };

  return { sayAndListen, sayAndHangUp, connect, leaveMessage, hangUp };
}
export type VoiceReplies = ReturnType<typeof voiceReplies>;
