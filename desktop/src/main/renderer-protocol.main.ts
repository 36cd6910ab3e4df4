import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';

// The built admin is served from a private scheme rather than file://: the page gets a stable
// origin of its own (for the server's CORS answer), and no access to the rest of the disk.
const RENDERER_SCHEME = 'washdesk';
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://app`;

/** Must run before the app is ready. */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: RENDERER_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/**
 * The file a request path names inside the renderer folder; any other path (an admin route such
 * as /admin/settings, or an attempt to climb out with ..) gets index.html, like the server's SPA fallback.
 */
export function resolveRendererFile(rendererDir: string, pathname: string): string {
  const root = path.resolve(rendererDir);
  const candidate = path.resolve(root, `.${path.posix.normalize(decodeURIComponent(pathname))}`);
  const inside = candidate.startsWith(root + path.sep);
  return inside && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()
    ? candidate
    : path.join(root, 'index.html');
}

/** Scripts and styles only from the app itself; data only from the configured server. */
export function contentSecurityPolicy(serverUrl: URL): string {
  const server = serverUrl.origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Blueprint positions popovers with inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${server}`,
    "font-src 'self' data:",
    `connect-src ${server}`,
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');
}

/** Must run once the app is ready. */
export function serveRenderer(rendererDir: string, serverUrl: URL): void {
  const csp = contentSecurityPolicy(serverUrl);
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.origin !== RENDERER_ORIGIN) return new Response('Not found', { status: 404 });
    const file = resolveRendererFile(rendererDir, url.pathname);
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    return new Response(response.body, { status: response.status, headers });
  });
}
