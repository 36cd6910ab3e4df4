/**
 * A text a customer sent to the business number, as Twilio's messaging webhook gave it. Its own
 * file: the Texts service receives it and the assistant's text channel answers it.
 */
export interface IncomingText {
  messageSid: string;
  from: string;
  body: string;
  mediaCount: number;
}
