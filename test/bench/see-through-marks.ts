// `tsx test/bench/see-through-marks.ts [--photos 200] [--designs 10000]`: how well a query photo's see-through
// mark (views.ts isSeeThrough, RgbImage.seeThrough) matches the truth on the image-search bench's textured
// backdrops (lace laid on a knit, denim, wood grain or a print, half of it see-through: its ground gone), and
// what a see-through photo's piece comes to (not found; cut as it is; drawn as threads the same way round as
// its catalogue picture's 'tightThreads', or the other way). Needs no catalogue and no network: each photo is
// made from a generated design as image-search.ts makes it. Each photo's line gives the piece's statistics.
import os from 'node:os';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { lightLace, threadMap } from '../../api/modules/search/engine/threads';
import { drawPiece, findLace, findPiece, groundOf, makeNamedViews, makeView } from '../../api/modules/search/engine/views';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { transform, type LaceTruth } from './image-search-transforms';
import { coloursOf, layoutOf } from './bench-catalogue';

const arg = (name: string, fallback: string) => { const i = process.argv.indexOf(`--${name}`); return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback; };
const PHOTOS = Number(arg('photos', '200')), DESIGNS = Number(arg('designs', '10000'));
const settings = imageSearchSettings(os.tmpdir());

async function main() {
  const marks = new Map<string, [number, number]>();
  const fates = new Map<string, number>();
  const qr = new Rng(4242);
  for (let q = 0; q < PHOTOS; q++) {
    const design = qr.int(0, DESIGNS - 1);
    const colour = coloursOf(design)[0];
    const picture = await renderLaceJpeg(designFor(50_000 + design, layoutOf(design)), colour, 'full', 400, 400);
    const truth: LaceTruth = {};
    const img = await decodeUpload(await transform('texturedBackdrop', picture, new Rng(q * 97 + design), truth));
    const views = await makeNamedViews(img, settings.queryViews, settings.inputSize, { dropUnneeded: true, max: 4 });
    const marked = views.some((v) => v.img.seeThrough);
    const key = `${truth.surface} ${truth.seeThrough ? 'see-through' : 'opaque'}`;
    const m = marks.get(key) ?? [0, 0];
    marks.set(key, [m[0] + (marked ? 1 : 0), m[1] + 1]);
    const piece = await findPiece(img, await findLace(img));
    const map = piece?.surface ? (await drawPiece(img, piece, settings.inputSize)).map : null;
    if (truth.seeThrough) {
      const tight = await makeView(await decodeUpload(picture), 'tight', settings.inputSize);
      const own = threadMap(tight, groundOf(tight));
      const fate = !piece ? 'no piece' : !map ? 'cut as it is' : !own ? 'no catalogue map' : lightLace(map) === lightLace(own) ? 'same way round' : 'the other way round';
      fates.set(fate, (fates.get(fate) ?? 0) + 1);
    }
    const stats = map ? `unlike ${map.unlike.toFixed(2)}, bare like the surface ${map.bareLikeSurface.toFixed(2)}, lace ${map.lace.map(Math.round).join(',')}` : piece ? 'no thread map' : 'no piece';
    console.log(`${key.padEnd(20)} ${marked ? 'marked' : '      '} design ${design} ${colour}: ${stats}; views ${views.map((v) => v.view).join(',')}`);
  }
  console.log(`\nmarked see-through, by surface and truth:\n${[...marks].sort().map(([k, [n, of]]) => `  ${k}: ${n} of ${of}`).join('\n')}`);
  console.log(`see-through photos' pieces: ${[...fates].map(([k, n]) => `${k} ${n}`).join(', ')}`);
}
void main();
