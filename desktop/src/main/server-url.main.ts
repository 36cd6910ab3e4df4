const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** The Washdesk server the admin talks to; a bad WASHDESK_SERVER_URL stops the app with a clear message. */
export function readServerUrl(env: NodeJS.ProcessEnv = process.env): URL {
  const configured = env.WASHDESK_SERVER_URL?.trim() || DEFAULT_SERVER_URL;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`WASHDESK_SERVER_URL="${configured}" is not a URL, e.g. ${DEFAULT_SERVER_URL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`WASHDESK_SERVER_URL="${configured}" must be an http(s) URL, e.g. ${DEFAULT_SERVER_URL}`);
  }
  return url;
}
