/**
 * The server address a person typed, as the origin the app uses: "washdesk.example.com" becomes
 * https://washdesk.example.com; a path is dropped (the server answers /admin and /api at its root).
 * Null when it is not an http(s) address.
 */
export function parseServerUrl(typed: string): URL | null {
  const trimmed = typed.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  return new URL(url.origin);
}

export interface ConfiguredServer {
  url: URL;
  setByEnvironment: boolean;
}

/**
 * Which server this computer uses: WASHDESK_SERVER_URL when set (it wins over what was saved, so
 * an administrator can pin it), else the one saved from the connect screen, else none (first run).
 * A bad WASHDESK_SERVER_URL stops the app with a clear message rather than being ignored.
 */
export function configuredServer(env: NodeJS.ProcessEnv, saved: string | null): ConfiguredServer | null {
  const fromEnv = env.WASHDESK_SERVER_URL?.trim();
  if (fromEnv) {
    const url = parseServerUrl(fromEnv);
    if (!url)
      throw new Error(
        `WASHDESK_SERVER_URL="${fromEnv}" is not an http(s) address, e.g. https://washdesk.example.com`,
      );
    return { url, setByEnvironment: true };
  }
  const url = saved ? parseServerUrl(saved) : null;
  return url ? { url, setByEnvironment: false } : null;
}
