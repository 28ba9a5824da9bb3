// `npx tsx test/bench/lace-focus.ts [--photos 200]`: how well the photo search finds the lace in a photo of
// lace laid on a textured surface (the image-search bench's texturedBackdrop row), without the network: for
// each photo, whether findLace finds a region, and how much of the 'focusCentre' square (the query view
// that should show only lace) is lace, from the row's own footprint of the piece. Fast enough to iterate on
// findLace; the recall it leads to is the image-search bench's (`--rows texturedBackdrop`).
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { findLace, focusSquare } from '../../api/modules/search/engine/views';
import { transform, type LaceTruth } from './image-search-transforms';
import { coloursOf, layoutOf } from './bench-catalogue';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const PHOTOS = Number(arg('photos', '200'));

interface Tally { photos: number; found: number; share: number; good: number }
const tallies = new Map<string, Tally>();
const add = (key: string, found: boolean, share: number) => {
  const t = tallies.get(key) ?? { photos: 0, found: 0, share: 0, good: 0 };
  t.photos++;
  if (found) t.found++;
  t.share += share;
  if (share >= 0.9) t.good++;
  tallies.set(key, t);
};

let ms = 0;
/** Regions found in photos that are all lace (the catalogue picture itself, and a close-up of it): ideally none. */
const allLace = { photos: 0, found: 0 };
for (let i = 0; i < PHOTOS; i++) {
  const colour = coloursOf(i)[0];
  const picture = await renderLaceJpeg(designFor(50_000 + i, layoutOf(i)), colour, 'full', 400, 400);
  for (const plain of [picture, await transform('closeUp', picture, new Rng(800_000 + i))]) {
    allLace.photos++;
    if (await findLace(await decodeUpload(plain))) allLace.found++;
  }
  const truth: LaceTruth = {};
  const photo = await transform('texturedBackdrop', picture, new Rng(900_000 + i), truth);
  const img = await decodeUpload(photo);
  const t0 = performance.now();
  const region = await findLace(img);
  ms += performance.now() - t0;
  const mask = truth.mask!;
  // The square the query looks at: focusCentre when a region is found, else the photo's centre square (the 'full' view).
  const m = Math.min(img.width, img.height);
  const sq = focusSquare(img, 'focusCentre', region) ?? { left: Math.round((img.width - m) / 2), top: Math.round((img.height - m) / 2), side: m };
  const sx = mask.width / img.width, sy = mask.height / img.height;
  let inside = 0, total = 0;
  for (let y = sq.top; y < sq.top + sq.side; y += 2) {
    for (let x = sq.left; x < sq.left + sq.side; x += 2) {
      const j = (Math.min(mask.height - 1, Math.round(y * sy)) * mask.width + Math.min(mask.width - 1, Math.round(x * sx))) * 3;
      total++;
      if (mask.data[j] > 127) inside++;
    }
  }
  const share = inside / total;
  add('all', !!region, share);
  add(`${truth.surface}${truth.seeThrough ? ' see-through' : ''}`, !!region, share);
}
console.log(`findLace on ${PHOTOS} texturedBackdrop photos (${(ms / PHOTOS).toFixed(1)} ms each): region found, mean lace share of the query square, share ≥ 0.9`);
console.log(`regions found in all-lace photos (catalogue pictures and close-ups): ${allLace.found} of ${allLace.photos}`);
for (const [key, t] of [...tallies].sort()) {
  console.log(`${key.padEnd(22)} ${String(t.photos).padStart(4)}  found ${(t.found / t.photos).toFixed(2)}  share ${(t.share / t.photos).toFixed(2)}  good ${(t.good / t.photos).toFixed(2)}`);
}
