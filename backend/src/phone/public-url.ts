/**
 * The address the outside world reaches this server at. It starts as PUBLIC_BASE_URL (or
 * localhost) and can change once the server runs, when an ngrok tunnel opens: Twilio's signature
 * check, the Telephony tab and the photo link texted to callers all read it here, so they agree.
 */
export interface PublicUrl {
  get(): string;
  set(url: string): void;
}

export function publicUrl(initial: string): PublicUrl {
  let current = withoutTrailingSlash(initial);
  return {
    get: () => current,
    set(url) {
      current = withoutTrailingSlash(new URL(url).toString());
    },
  };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
