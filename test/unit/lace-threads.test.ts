// See-through lace on a busy surface (threads.ts): the thread map of a lace crop shows the lace's threads and
// not the surface between them, and the query's thread views are made only where the surface shows through.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceMask } from '../../api/db/seed/lace-image';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { surfaceColours, threadMap } from '../../api/modules/search/engine/threads';
import { findLace, makeViews } from '../../api/modules/search/engine/views';

const W = 600, H = 450, LEFT = 300, TOP = 140, SIDE = 220;
const PRINT = [[200, 60, 70], [40, 150, 160]];
const LACE = [245, 240, 225];

/** A 600×450 check print (12 px squares) with a 220 px lace at (300, 140): see-through (only its threads laid on the print) or opaque (on its own dark ground). */
async function laceOnPrint(seeThrough: boolean): Promise<{ photo: Buffer; mask: Buffer }> {
  const mask = await renderLaceMask(designFor(11, 'fabric'), SIDE, SIDE);
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const under = PRINT[(Math.floor(x / 12) + Math.floor(y / 12)) % 2];
      const inside = x >= LEFT && x < LEFT + SIDE && y >= TOP && y < TOP + SIDE;
      const a = inside ? mask[(y - TOP) * SIDE + (x - LEFT)] / 255 : 0;
      const ground = inside && !seeThrough ? [40, 36, 48] : under;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(a * LACE[c] + (1 - a) * ground[c]);
    }
  }
  return { photo: await sharp(px, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 90 }).toBuffer(), mask };
}

t.test('the thread map shows the threads, not the print between them', async (t) => {
  const { photo, mask } = await laceOnPrint(true);
  const img = await decodeUpload(photo);
  const surface = surfaceColours(img, { left: LEFT, top: TOP, width: SIDE, height: SIDE });
  t.ok(surface && surface.centres.length >= 2, 'the print\'s colours are learnt from outside the lace');
  const crop = await sharp(photo).extract({ left: LEFT, top: TOP, width: SIDE, height: SIDE }).resize(110, 110).removeAlpha().raw().toBuffer();
  const small = await sharp(mask, { raw: { width: SIDE, height: SIDE, channels: 1 } }).resize(110, 110).extractChannel(0).raw().toBuffer();
  const map = threadMap({ data: new Uint8Array(crop), width: 110, height: 110 }, surface!);
  t.ok(map, 'a map');
  // The map against the lace's own mask: how much of each pixel is thread, whatever the print under it.
  const n = 110 * 110;
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += map!.alpha[i] / n; mb += small[i] / n; }
  let ab = 0, aa = 0, bb = 0, onGap = 0, gaps = 0;
  for (let i = 0; i < n; i++) {
    const a = map!.alpha[i] - ma, b = small[i] - mb;
    ab += a * b; aa += a * a; bb += b * b;
    if (small[i] < 20) { onGap += map!.alpha[i]; gaps++; }
  }
  const r = ab / Math.sqrt(aa * bb);
  t.ok(r > 0.8, `the map follows the lace's threads (correlation ${r.toFixed(2)} with its mask)`);
  t.ok(onGap / gaps / 255 < 0.15, `the print between them reads as no thread (${(onGap / gaps / 255).toFixed(2)})`);
  t.ok(map!.unlike < 0.85, `see-through: much of the crop is like the surface (${map!.unlike.toFixed(2)} unlike it)`);
});

t.test('thread views: in a query only for see-through lace in a frame; never standing in for nothing', async (t) => {
  const list = ['full', 'focusCentre', 'threads', 'threadsInverse'] as const;
  const see = await decodeUpload((await laceOnPrint(true)).photo);
  t.ok(await findLace(see), 'the lace is found in the frame');
  const q1 = await makeViews(see, list, 64, { dropUnneeded: true });
  t.equal(q1.length, 4, 'see-through lace: both thread views');
  const light = q1[2], dark = q1[3];
  t.ok(light.data.every((v, i) => v + dark.data[i] === 255), 'the two are one map, light on dark and dark on light');
  t.ok(light.data.every((v, i) => i % 3 !== 0 || (v === light.data[i + 1] && v === light.data[i + 2])), 'grey');
  t.ok(light.colourless && dark.colourless, 'described without the colour histogram');
  const [auto] = await makeViews(see, ['threadsAuto'], 64, { dropUnneeded: true });
  t.same(Array.from(auto.data), Array.from(light.data), "'threadsAuto': light threads on dark for a light lace");
  const opaque = await decodeUpload((await laceOnPrint(false)).photo);
  const q2 = await makeViews(opaque, list, 64, { dropUnneeded: true });
  t.equal(q2.length, 2, 'opaque lace (its own ground hides the print): no thread views');
  const cat = await makeViews(opaque, list, 64);
  t.equal(cat.length, 4, 'every view where every view must exist (a catalogue picture)');
});
