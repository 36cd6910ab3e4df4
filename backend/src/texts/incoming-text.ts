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

/** An attachment of a customer's text (MMS) as the signed webhook named it (MediaUrlN, MediaContentTypeN). */
export interface IncomingMedia {
  url: string;
  contentType: string;
}
