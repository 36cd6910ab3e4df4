import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { originOf } from './web-security.main.ts';
import { contentSecurityPolicy } from './renderer-csp.main.ts';

// The app's own page (the connect screen) is served from a private scheme rather than file://: it
// gets a stable origin of its own, which main's IPC handlers check, and no access to the rest of the disk.
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
 * The file a request path names inside the renderer folder; any other path (an attempt to climb
 * out with .., or a page that does not exist) gets index.html.
 */
export function resolveRendererFile(rendererDir: string, pathname: string): string {
  const root = path.resolve(rendererDir);
  const candidate = path.resolve(root, `.${path.posix.normalize(decodeURIComponent(pathname))}`);
  const inside = candidate.startsWith(root + path.sep);
  return inside && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()
    ? candidate
    : path.join(root, 'index.html');
}

/** Must run once the app is ready. */
export function serveRenderer(rendererDir: string): void {
  const csp = contentSecurityPolicy();
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (originOf(request.url) !== RENDERER_ORIGIN) return new Response('Not found', { status: 404 });
    const file = resolveRendererFile(rendererDir, url.pathname);
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp);
    return new Response(response.body, { status: response.status, headers });
  });
}
