import { Router, type Express, type RequestHandler } from 'express';

interface RouteLayer {
  route?: { path: string | string[]; stack: unknown[] };
  handle?: { stack?: RouteLayer[] };
}

const apiPatterns = (path: string | string[]) => (Array.isArray(path) ? path : [path]);

/**
 * Puts the access guard first on every `/api` route the app has registered, whichever feature
 * registered it and however its router was built. Call it once, after the last API route.
 * `staff-access.security.test.ts` walks the routes and fails if any `/api` route lacks it.
 */
export function guardApiRoutes(app: Express, guardFor: (pattern: string) => RequestHandler): number {
  let guarded = 0;
  const visit = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const patterns = apiPatterns(layer.route.path);
        if (!patterns.some((p) => p.startsWith('/api/'))) continue;
        if (patterns.length !== 1) throw new Error(`Register ${patterns.join(', ')} one path at a time`);
        // Express's own Route builds the layer, so it behaves as any handler on this route would.
        const holder = Router().route(patterns[0]!);
        holder.all(guardFor(patterns[0]!));
        layer.route.stack.unshift(...(holder as unknown as { stack: unknown[] }).stack);
        guarded += 1;
      } else if (layer.handle?.stack) {
        visit(layer.handle.stack);
      }
    }
  };
  visit((app as unknown as { router: { stack: RouteLayer[] } }).router.stack);
  return guarded;
}
