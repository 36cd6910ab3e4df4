import type { Express, NextFunction, Request, Response } from 'express';

// Every feature's router is mounted at '/', so each request used to enter every one of them
// (about 50, holding about 400 routes): each matched its routes' patterns one by one and, having
// none, left on the next turn of the event loop (issue 38: about a third of a list request's
// server CPU outside the list itself). Each router's reach is the set of literal path prefixes
// its routes and middleware start with; a request whose path starts with none of them cannot
// match anything in it, so it goes past without entering. Nothing that could match is skipped:
// a route's pattern matches only paths that start with its literal part, compared as Express
// compares (case-insensitively, on the same pathname); a router holding anything that may match
// any path (a middleware at '/', a RegExp path) is always entered.

interface Layer {
  route?: { path: unknown };
  rawPath?: unknown;
  slash?: boolean;
  handle: RouterLike | ((...args: never[]) => unknown);
}
interface RouterLike {
  (req: Request, res: Response, next: NextFunction): void;
  stack: Layer[];
}

const isRouter = (handle: Layer['handle']): handle is RouterLike =>
  Array.isArray((handle as Partial<RouterLike>).stack);

/** A pattern's literal start: everything before its first parameter, wildcard, group or escape. */
export const literalPrefix = (pattern: string) => pattern.slice(0, pattern.search(/[:*{}()[\]?+!\\]|$/));

/** The prefixes one layer's matches all start with; null when it may match any path. */
function reachOf(layer: Layer): string[] | null {
  const paths = layer.route ? layer.route.path : layer.rawPath;
  if (!layer.route && isRouter(layer.handle)) {
    // Mounted elsewhere than '/', a router's own paths start after its mount: its mount is its reach.
    if (!layer.slash) return reachOfPaths(paths);
    return reachOfStack(layer.handle.stack);
  }
  if (layer.slash) return null;
  return reachOfPaths(paths);
}

function reachOfPaths(paths: unknown): string[] | null {
  const list = Array.isArray(paths) ? paths.flat(Infinity) : [paths];
  if (!list.every((p): p is string => typeof p === 'string')) return null;
  const prefixes = list.map(literalPrefix);
  return prefixes.some((p) => p === '' || p === '/') ? null : prefixes;
}

function reachOfStack(stack: Layer[]): string[] | null {
  const prefixes: string[] = [];
  for (const layer of stack) {
    const reach = reachOf(layer);
    if (!reach) return null;
    prefixes.push(...reach);
  }
  return prefixes;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Lets each request past the routers mounted at '/' that cannot match its path, at every level.
 * Call it once, after the last route is registered. The routers stay where they are (their
 * `stack` is walked by the route tests as before).
 */
export function skipRoutersOutOfReach(app: Express): number {
  let wrapped = 0;
  const visit = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route || !isRouter(layer.handle)) continue;
      const router = layer.handle;
      visit(router.stack);
      if (!layer.slash) continue;
      const reach = reachOfStack(router.stack);
      if (!reach) continue;
      // Express's own flags for a route's pattern: 'i' (case-insensitive routing), no 'u'.
      const inReach = new RegExp(`^(?:${[...new Set(reach)].map(escaped).join('|')})`, 'i');
      const skipping = (req: Request, res: Response, next: NextFunction) =>
        inReach.test(req.path) ? router(req, res, next) : next();
      layer.handle = Object.assign(skipping, { stack: router.stack });
      wrapped += 1;
    }
  };
  visit((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return wrapped;
}
