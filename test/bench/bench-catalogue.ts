// The bench's generated catalogue, shared by the benches that draw it (image-search.ts, lace-focus.ts,
// match-thresholds.ts, see-through-marks.ts): its layouts, its colours, and which colour a design is drawn in
// first (and the image benches' --jitter and --see-through-colour flags). image-search.ts's cache key holds the lists' values, so a change here is never read back from an old
// cache. layout-variants.ts keeps a shorter colour list of its own on purpose.
import type { LaceLayout } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import type { SeeThroughColour, WindowJitter } from '../../api/modules/search/engine/window-check';

export const LAYOUTS: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'medallion'];
export const COLOURS = ['#f5f0e6', '#1b1b1b', '#c8102e', '#1f3a93', '#d4af37', '#7b2d8b', '#2e8b57', '#ff8c94', '#f4c2c2', '#708090', '#8b4513', '#e0e0ff'];

/** Design `i`'s layout. */
export const layoutOf = (i: number): LaceLayout => LAYOUTS[i % LAYOUTS.length];

/**
 * Design `i`'s colours: its first colour, and for every 5th design a colourway sibling in another colour (a hard
 * negative: the same motif, a different product).
 */
export function coloursOf(i: number): string[] {
  const r = new Rng(i * 7 + 1);
  const colours = [r.pick(COLOURS)];
  if (i % 5 === 0) colours.push(r.pick(COLOURS.filter((c) => c !== colours[0])));
  return colours;
}

/**
 * The image benches' `--jitter shifts:sizes[:cost]` (e.g. `-0.5,0,0.5:0.98,1,1.02:0.015`), or `off`:
 * WindowCheck.seeThrough.jitter (image-search.ts, see-through-thumbs.ts).
 */
export function parseJitter(x: string): WindowJitter | undefined {
  if (x === 'off') return undefined;
  const [shifts, sizes, cost] = x.split(':');
  return { shifts: shifts.split(',').map(Number), sizes: (sizes ?? '1').split(',').map(Number), cost: Number(cost ?? 0) };
}

/**
 * The image benches' `--see-through-colour weight:free:gate` (e.g. `0.3:10:0.03`), or `off`:
 * WindowCheck.seeThrough.colour (image-search.ts, and see-through-thumbs.ts's `--colour`).
 */
export function parseColour(x: string): SeeThroughColour | undefined {
  if (x === 'off') return undefined;
  const [weight, free, gate] = x.split(':').map(Number);
  return { weight, free, gate };
}
