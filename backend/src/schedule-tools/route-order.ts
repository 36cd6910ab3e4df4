import { milesBetween } from '../assistant/tools/service-area.ts';

// The order of a crew's day: from the base, through every stop, back to the base, as short as
// possible over great-circle miles (roads are longer, but they rank stops the same way often
// enough for a day of a dozen houses). Exact (Held–Karp) up to EXACT_LIMIT stops, where its
// 2^n·n² work stays under a few milliseconds; above, a heuristic that is usually optimal on
// days this size (route-order.test.ts proves both against brute force and against exact).

export interface Point {
  lat: number;
  lon: number;
}

/** Stops up to which the order is exact (2^15·15 states: a few MB and a few milliseconds). */
export const EXACT_LIMIT = 15;

export interface RouteOrder {
  /** Indexes into the stops, in driving order. */
  order: number[];
  /** Base → stops → base, in miles. */
  miles: number;
  exact: boolean;
}

/** Distances: row/column 0 is the base, i + 1 is stop i. */
function distanceMatrix(base: Point, stops: readonly Point[]): Float64Array[] {
  const all = [base, ...stops];
  return all.map((a) => Float64Array.from(all, (b) => (a === b ? 0 : milesBetween(a, b))));
}

/** The length of a closed tour base → order → base. */
export function tourMiles(d: Float64Array[], order: readonly number[]): number {
  let total = 0;
  let at = 0;
  for (const i of order) {
    total += d[at]![i + 1]!;
    at = i + 1;
  }
  return total + d[at]![0]!;
}

/** Held–Karp dynamic programming: the shortest closed tour, exactly. */
export function exactOrder(d: Float64Array[], n: number): number[] {
  if (n === 0) return [];
  const full = 1 << n;
  const between = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) between[i * n + j] = d[i + 1]![j + 1]!;
  // cost[mask * n + last]: the shortest path from the base through `mask`, ending at `last`.
  const cost = new Float64Array(full * n).fill(Infinity);
  const parent = new Int8Array(full * n).fill(-1);
  for (let i = 0; i < n; i++) cost[(1 << i) * n + i] = d[0]![i + 1]!;
  // Only the stops in `mask` can be last and only those outside it next: n(n-1)·2^(n-2)
  // transitions (1.7 million for 15 stops), walked bit by bit.
  for (let mask = 1; mask < full; mask++) {
    const at = mask * n;
    const outside = ~mask & (full - 1);
    for (let inside = mask; inside; inside &= inside - 1) {
      const last = 31 - Math.clz32(inside & -inside);
      const here = cost[at + last]!;
      const row = last * n;
      for (let free = outside; free; free &= free - 1) {
        const bit = free & -free;
        const next = 31 - Math.clz32(bit);
        const to = (mask | bit) * n + next;
        const via = here + between[row + next]!;
        if (via < cost[to]!) {
          cost[to] = via;
          parent[to] = last;
        }
      }
    }
  }
  let best = Infinity;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const closed = cost[(full - 1) * n + i]! + d[i + 1]![0]!;
    if (closed < best) {
      best = closed;
      last = i;
    }
  }
  const order: number[] = [];
  let mask = full - 1;
  while (last !== -1) {
    order.push(last);
    const before = parent[mask * n + last]!;
    mask &= ~(1 << last);
    last = before;
  }
  return order.reverse();
}

/** Nearest neighbour from the base, starting with `first`. */
function nearestNeighbour(d: Float64Array[], n: number, first: number): number[] {
  const left = new Set(Array.from({ length: n }, (_, i) => i));
  left.delete(first);
  const order = [first];
  while (left.size) {
    const row = d[order.at(-1)! + 1]!;
    let pick = -1;
    for (const i of left) if (pick === -1 || row[i + 1]! < row[pick + 1]!) pick = i;
    order.push(pick);
    left.delete(pick);
  }
  return order;
}

const EPSILON = 1e-9;

/** 2-opt (reverse a stretch) and Or-opt (move a run of 1–3 stops) until neither shortens the tour. */
function improve(d: Float64Array[], start: number[]): number[] {
  // The tour with the base at both ends, as matrix indexes.
  const tour = [0, ...start.map((i) => i + 1), 0];
  const m = tour.length;
  let better = true;
  while (better) {
    better = false;
    for (let i = 0; i < m - 3; i++) {
      for (let j = i + 2; j < m - 1; j++) {
        const [a, b, c, e] = [tour[i]!, tour[i + 1]!, tour[j]!, tour[j + 1]!];
        if (d[a]![c]! + d[b]![e]! < d[a]![b]! + d[c]![e]! - EPSILON) {
          tour.splice(i + 1, j - i, ...tour.slice(i + 1, j + 1).reverse());
          better = true;
        }
      }
    }
    for (let len = 1; len <= 3 && !better; len++) {
      for (let i = 1; i + len < m && !better; i++) {
        const run = tour.slice(i, i + len);
        const [p, q] = [tour[i - 1]!, tour[i + len]!];
        const removed = d[p]![run[0]!]! + d[run.at(-1)!]![q]! - d[p]![q]!;
        const rest = [...tour.slice(0, i), ...tour.slice(i + len)];
        for (let k = 0; k < rest.length - 1; k++) {
          const [x, y] = [rest[k]!, rest[k + 1]!];
          for (const piece of [run, [...run].reverse()]) {
            const added = d[x]![piece[0]!]! + d[piece.at(-1)!]![y]! - d[x]![y]!;
            if (added < removed - EPSILON) {
              tour.splice(0, m, ...rest.slice(0, k + 1), ...piece, ...rest.slice(k + 1));
              better = true;
              break;
            }
          }
          if (better) break;
        }
      }
    }
  }
  return tour.slice(1, -1).map((i) => i - 1);
}

/**
 * Nearest neighbour from every possible first stop, each improved by 2-opt and Or-opt; the
 * shortest wins. Many starts cost n times one, and are what keeps it within 2 % of exact.
 */
export function heuristicOrder(d: Float64Array[], n: number): number[] {
  let best: number[] = [];
  let bestMiles = Infinity;
  for (let first = 0; first < n; first++) {
    const order = improve(d, nearestNeighbour(d, n, first));
    const miles = tourMiles(d, order);
    if (miles < bestMiles - EPSILON) {
      best = order;
      bestMiles = miles;
    }
  }
  return best;
}

/** The day's order from and back to `base`: exact up to EXACT_LIMIT stops, the heuristic above. */
export function routeOrder(base: Point, stops: readonly Point[]): RouteOrder {
  const d = distanceMatrix(base, stops);
  const exact = stops.length <= EXACT_LIMIT;
  const order = exact ? exactOrder(d, stops.length) : heuristicOrder(d, stops.length);
  return { order, miles: tourMiles(d, order), exact };
}

export { distanceMatrix };
