// The only API calls anyone may make without a staff session. Everything else under /api needs
// one; pages and their assets are public. Webhooks join this list in their own features and
// authenticate by signature instead.

export const PUBLIC_API_ROUTES: readonly (readonly [method: string, path: string])[] = [
  ['GET', '/api/health'],
  ['GET', '/api/public/profile'],
  ['POST', '/api/photo-submissions'],
  ['POST', '/api/analyze-photos'],
  ['POST', '/api/photo-quote'],
  ['POST', '/api/service-requests'],
  ['POST', '/api/auth/login'],
];

export const isPublicApiRoute = (method: string, path: string) => {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : path;
  return PUBLIC_API_ROUTES.some(([m, p]) => m === method && p === normalized);
};
