import type { Express } from 'express';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every method + path the app registers, read from Express itself, so a route added later is
 * covered by the tests that walk this list without anyone remembering to add it.
 */
export function registeredRoutes(app: Express): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const visit = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path });
          }
        }
      } else if (layer.handle?.stack) {
        visit(layer.handle.stack);
      }
    }
  };
  visit((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

/** A concrete URL for a route pattern: every parameter becomes `1`. */
export const concretePath = (pattern: string) => pattern.replace(/:\w+/g, '1').replace(/\{\*\w+\}/g, 'x');
