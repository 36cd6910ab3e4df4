/**
 * Whether a Content-Type is exactly `mediaType`, with at most a UTF-8 charset. Webhooks accept only
 * their provider's body type (Twilio a form, Meta JSON): a look-alike such as
 * `application/x-www-form-urlencoded-evil`, a list of types, another charset or an extra parameter
 * is another body than the one the provider signs, so it is refused (415) before a byte is read.
 * Media types are case-insensitive (RFC 9110), so only the case may differ.
 */
export function isExactlyContentType(contentType: string | undefined, mediaType: string): boolean {
  if (!contentType) return false;
  const [type = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== mediaType) return false;
  return parameters.every((p) => /^charset=("?)utf-8\1$/.test(p));
}
