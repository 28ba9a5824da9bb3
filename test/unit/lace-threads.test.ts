// See-through lace on a busy surface (threads.ts): the thread map of a lace crop shows the lace's threads and
// not the surface between them, and the query's thread views are made only where the surface shows through.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceMask } from '../../api/db/seed/lace-image';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { LAYOUT_DIM, layoutDescriptor } from '../../api/modules/search/engine/layout';
import { surfaceColours, threadMap } from '../../api/modules/search/engine/threads';
import { dot } from '../../api/modules/search/engine/types';
import { drawPiece, findLace, findPiece, makeViews, MAX_QUERY_VIEWS, type ViewName } from '../../api/modules/search/engine/views';
import { ExtractClient } from '../../api/modules/search/engine/extract-client';
import { colourFree, DEFAULT_WEIGHTS } from '../../api/modules/search/engine/fused-descriptor';
import { COLOUR_DIM, TEXTURE_DIM } from '../../api/modules/search/engine/handcrafted';

const W = 600, H = 450, LEFT = 300, TOP = 140, SIDE = 220;
const PRINT = [[200, 60, 70], [40, 150, 160]];
const LACE = [245, 240, 225];
const lum = (d: Uint8Array, i: number) => 0.299 * d[i * 3] + 0.587 * d[i * 3 + 1] + 0.114 * d[i * 3 + 2];

/** Wood grain: four tones of brown in wavy bands 8 px wide, each a quarter of the surface. */
const WOOD = [[190, 150, 100], [160, 118, 74], [205, 170, 120], [140, 100, 60]];
const woodAt = (x: number, y: number) => WOOD[((Math.floor((y + 4 * Math.sin(x / 17)) / 8) % 4) + 4) % 4];
/** A mid-tone lace (luma 79). */
const VIOLET = [123, 45, 139];

/**
 * A 600×450 check print (12 px squares) with a 220 px lace at (300, 140): see-through (only its threads laid on
 * the print) or opaque (on its own ground, dark unless `opts.ground`); `opts.lace`, its colour; `opts.wood`, on
 * wood grain instead of the print.
 */
async function laceOnPrint(seeThrough: boolean, opts: { lace?: readonly number[]; ground?: readonly number[]; wood?: boolean } = {}): Promise<{ photo: Buffer; mask: Buffer }> {
  const mask = await renderLaceMask(designFor(11, 'fabric'), SIDE, SIDE);
  const lace = opts.lace ?? LACE;
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const under = opts.wood ? woodAt(x, y) : PRINT[(Math.floor(x / 12) + Math.floor(y / 12)) % 2];
      const inside = x >= LEFT && x < LEFT + SIDE && y >= TOP && y < TOP + SIDE;
      const a = inside ? mask[(y - TOP) * SIDE + (x - LEFT)] / 255 : 0;
      const ground = inside && !seeThrough ? opts.ground ?? [40, 36, 48] : under;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(a * lace[c] + (1 - a) * ground[c]);
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

t.test("a print's edges, blurred by the lens, are read as surface: mixed of two of its colours, not thread over one", async (t) => {
  const { photo, mask } = await laceOnPrint(true);
  const blurred = await sharp(photo).blur(1.5).jpeg({ quality: 85 }).toBuffer();
  const img = await decodeUpload(blurred);
  const surface = surfaceColours(img, { left: LEFT, top: TOP, width: SIDE, height: SIDE });
  const crop = await sharp(blurred).extract({ left: LEFT, top: TOP, width: SIDE, height: SIDE }).resize(110, 110).removeAlpha().raw().toBuffer();
  const small = await sharp(mask, { raw: { width: SIDE, height: SIDE, channels: 1 } }).resize(110, 110).extractChannel(0).raw().toBuffer();
  const map = threadMap({ data: new Uint8Array(crop), width: 110, height: 110 }, surface!);
  // The gaps between the threads where the print's squares meet (a check's corners and sides, 12 px apart).
  let onEdge = 0, edges = 0;
  for (let y = 0; y < 110; y++) for (let x = 0; x < 110; x++) {
    const px = LEFT + (x + 0.5) * 2, py = TOP + (y + 0.5) * 2;
    const nearEdge = Math.min(px % 12, 12 - (px % 12)) < 2 || Math.min(py % 12, 12 - (py % 12)) < 2;
    if (nearEdge && small[y * 110 + x] < 20) { onEdge += map!.alpha[y * 110 + x]; edges++; }
  }
  t.ok(edges > 500, `${edges} gap pixels on the print's edges`);
  t.ok(onEdge / edges / 255 < 0.1, `read as no thread, 0.125 before they were: ${(onEdge / edges / 255).toFixed(3)}`);
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

t.test("a see-through piece in a query: drawn in its colour on a ground that contrasts with it, with its layout; an opaque piece as it is", async (t) => {
  const list = ['full', 'piece', 'pieceInverse', 'focusCentre', 'centre50'] as const;
  const see = await decodeUpload((await laceOnPrint(true)).photo);
  const q1 = await makeViews(see, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  t.equal(q1.length, MAX_QUERY_VIEWS, 'four views');
  t.same(q1.map((v) => !!v.whole), [true, true, false, false], "a light lace is drawn one way only: the whole photo's and the piece's layouts are described, focusCentre's and centre50's not");
  t.same(q1.map((v) => !!v.seeThrough), [false, true, false, false], 'the piece is marked as drawn from the threads');
  const [, piece] = q1;
  t.notOk(piece.colourless, "'piece': the threads in the lace's colour, described with it");
  // The light lace is drawn light on a dark ground: its brightest pixels are the lace's colour, its darkest the ground.
  const order = Array.from({ length: 64 * 64 }, (_, i) => i).sort((a, b) => lum(piece.data, a) - lum(piece.data, b));
  const top = order[order.length - 20], bottom = order[20];
  const from = (c: readonly number[]) => Math.hypot(piece.data[top * 3] - c[0], piece.data[top * 3 + 1] - c[1], piece.data[top * 3 + 2] - c[2]);
  // (The estimate takes in a little of the print at the threads' edges.)
  t.ok(from(LACE) < 70 && from(LACE) * 2.5 < Math.min(...PRINT.map(from)), `threads in the lace's colour, not the print's: ${Array.from(piece.data.subarray(top * 3, top * 3 + 3))}`);
  t.ok(lum(piece.data, bottom) < 60, `on a dark ground: ${Array.from(piece.data.subarray(bottom * 3, bottom * 3 + 3))}`);
  const opaque = await decodeUpload((await laceOnPrint(false)).photo);
  const q2 = await makeViews(opaque, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  // (Its box holds nothing like the print, so its map, where one is drawn, is not drawn the other way.)
  t.same(q2.map((v) => !!v.whole), [true, true, false, false], 'an opaque piece: drawn once (full, piece, focusCentre, centre50)');
  t.ok(q2.every((v) => !v.seeThrough), 'and as it is, not from threads');
});

t.test("a see-through mid-tone lace: drawn on both grounds ('piece', 'pieceInverse'), since a photo can move its colour across the line between them", async (t) => {
  const see = await decodeUpload((await laceOnPrint(true, { lace: VIOLET, wood: true })).photo);
  const q = await makeViews(see, ['full', 'piece', 'pieceInverse', 'focusCentre', 'centre50'], 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  t.same(q.map((v) => !!v.whole), [true, true, true, false], 'full, piece, pieceInverse (each with its layout), focusCentre');
  t.same(q.map((v) => !!v.seeThrough), [false, true, true, false], 'both drawings are marked as drawn from the threads');
  const [, piece, other] = q;
  t.ok(!piece.colourless && !other.colourless, "both in the lace's colour, described with it");
  // Each drawing's ground: its most common colour.
  const groundOf = (v: Uint8Array) => {
    const count = new Map<string, number>();
    for (let i = 0; i < v.length; i += 3) { const k = `${v[i]},${v[i + 1]},${v[i + 2]}`; count.set(k, (count.get(k) ?? 0) + 1); }
    return [...count].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
  };
  const grounds = [groundOf(piece.data), groundOf(other.data)].map((g) => lum(new Uint8Array(g), 0));
  t.ok(Math.min(...grounds) < 60 && Math.max(...grounds) > 200, `one on the dark ground, the other on the light: ground lumas ${grounds.map((x) => x.toFixed(0)).join(' and ')}`);
  const order = Array.from({ length: 64 * 64 }, (_, i) => i).sort((a, b) => Math.abs(lum(piece.data, b) - grounds[0]) - Math.abs(lum(piece.data, a) - grounds[0]));
  const thread = order[20];
  const apart = (v: Uint8Array) => Math.hypot(...[0, 1, 2].map((c) => v[thread * 3 + c] - VIOLET[c]));
  t.ok(apart(piece.data) < 60 && apart(other.data) < 60, `the threads in the lace's colour in both (the estimate takes in some of the wood): ${Array.from(piece.data.subarray(thread * 3, thread * 3 + 3))} and ${Array.from(other.data.subarray(thread * 3, thread * 3 + 3))}`);
  const l = dot(layoutDescriptor(piece), layoutDescriptor(other));
  t.ok(l < -0.9, `so their layouts are opposite: ${l.toFixed(3)}`);
});

t.test("an opaque lace whose own ground has one of the surface's colours is not taken for see-through: its bare pixels are all that one colour", async (t) => {
  const views = ['full', 'piece', 'pieceInverse', 'focusCentre'] as const;
  const see = await decodeUpload((await laceOnPrint(true, { lace: VIOLET, wood: true })).photo);
  const opaque = await decodeUpload((await laceOnPrint(false, { lace: VIOLET, wood: true, ground: WOOD[0] })).photo);
  for (const [name, img, seeThrough] of [['see-through', see, true], ["opaque on a ground of the wood's lightest brown but one", opaque, false]] as const) {
    const piece = await findPiece(img, await findLace(img));
    t.ok(piece?.surface, `${name}: the piece is found, with the wood around it kept to take out`);
    if (!piece?.surface) continue;
    const { map } = await drawPiece(img, piece, 64);
    t.ok(map && map.unlike < 0.85, `${name}: a thread map, most of it like the wood (${map?.unlike.toFixed(2)} unlike it)`);
    t.ok(seeThrough ? map!.bareLikeSurface > 0.75 : map!.bareLikeSurface < 0.45, `${name}: its bare pixels spread over the wood's tones ${seeThrough ? 'as the wood is' : 'unlike it'} (${map!.bareLikeSurface.toFixed(2)})`);
    const q = await makeViews(img, views, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
    t.equal(q.some((v) => v.seeThrough), seeThrough, `${name}: ${seeThrough ? '' : 'not '}marked see-through`);
    t.equal(q.length === 4 && !!q[2].seeThrough, seeThrough, `${name}: ${seeThrough ? '' : 'no '}'pieceInverse'`);
  }
});

t.test("a see-through piece's query: the extraction threads weigh its other views by besideThreads; an opaque piece's are left as they are", async (t) => {
  const views: ViewName[] = ['full', 'piece', 'centre50', 'focusCentre'];
  const weighed = new ExtractClient({ modelDir: '', inputSize: 160, backend: 'wasm', weights: { ...DEFAULT_WEIGHTS, besideThreads: 0.9 } }, { threads: 2 });
  const plain = new ExtractClient({ modelDir: '', inputSize: 160, backend: 'wasm', weights: { ...DEFAULT_WEIGHTS, besideThreads: 1 } }, { threads: 1 });
  t.teardown(() => Promise.all([weighed.close(), plain.close()]));
  const see = await decodeUpload((await laceOnPrint(true)).photo);
  const a = await weighed.describe(see, views, 'query').promise;
  const b = await plain.describe(see, views, 'query').promise;
  t.equal(a.length, 4, 'four views');
  t.same(a.map((v) => Number(Math.sqrt(dot(v, v)).toFixed(3))), [0.9, 1, 0.9, 0.9], "the piece's vector keeps its length; the other three are 0.9 as long");
  t.ok(a.every((v, i) => Math.abs(dot(v, b[i]) / Math.sqrt(dot(v, v)) - 1) < 1e-4), 'in the same directions as without the weighing (two threads and one alike)');
  const opaque = await decodeUpload((await laceOnPrint(false)).photo);
  const c = await weighed.describe(opaque, views, 'query').promise;
  t.ok(c.every((v) => Math.abs(dot(v, v) - 1) < 1e-4), 'an opaque piece: every vector of unit length');
});

t.test("pieceColourFree: a see-through piece on a patterned surface is searched without its colour too, as one more vector after every view; a piece on its own ground is not", async (t) => {
  const views: ViewName[] = ['full', 'piece', 'centre50', 'focusCentre'];
  const weights = { ...DEFAULT_WEIGHTS, besideThreads: 1 };
  const free = new ExtractClient({ modelDir: '', inputSize: 160, backend: 'wasm', weights: { ...weights, pieceColourFree: true } }, { threads: 2 });
  const plain = new ExtractClient({ modelDir: '', inputSize: 160, backend: 'wasm', weights }, { threads: 1 });
  t.teardown(() => Promise.all([free.close(), plain.close()]));
  const see = await decodeUpload((await laceOnPrint(true)).photo);
  const a = await free.describe(see, views, 'query').promise;
  const b = await plain.describe(see, views, 'query').promise;
  t.equal(a.length, b.length + 1, `one vector more: ${b.length} views and the piece's colour-free twin`);
  t.ok(b.every((v, i) => Math.abs(dot(v, a[i]) - 1) < 1e-4), 'the views first, as without it');
  const cnnDim = a[0].length - COLOUR_DIM - TEXTURE_DIM - (weights.layout ? LAYOUT_DIM : 0);
  const twin = a[a.length - 1];
  t.ok(twin.subarray(cnnDim, cnnDim + COLOUR_DIM).every((x) => x === 0), 'the twin has no colour');
  t.ok(Math.abs(dot(twin, twin) - dot(b[1], b[1])) > 1e-3, "and is not the piece's own vector");
  const expected = colourFree(b[1], cnnDim, weights);
  t.ok(twin.every((x, i) => Math.abs(x - expected[i]) < 1e-5), "it is the piece's vector with its colour taken out, the rest scaled up");
  // Scaled so that a picture met by the piece exactly still scores 1: the colour block's weight goes to the others.
  const withoutColour = b[1].map((x, i) => (i >= cnnDim && i < cnnDim + COLOUR_DIM ? 0 : x));
  const layout = weights.layout ?? 0; // the piece is drawn whole: its layout is described
  const k = (weights.cnn + weights.colour + weights.texture + layout) / (weights.cnn + weights.texture + layout);
  t.ok(Math.abs(dot(twin, b[1]) - k * dot(withoutColour, withoutColour)) < 1e-4, `its score against the piece's own vector is the other blocks' share scaled by ${k.toFixed(3)}`);
  const opaque = await decodeUpload((await laceOnPrint(false)).photo);
  const c = await free.describe(opaque, views, 'query').promise;
  const d = await plain.describe(opaque, views, 'query').promise;
  t.equal(c.length, d.length, 'an opaque piece: no twin');
});

t.test('findPiece: see-through lace whose motifs lie far apart is still one piece', async (t) => {
  // Small flowers 40 px apart in a 240 px square on the check print: too sparse for the first growth of
  // its thread pixels to close the gaps between them (PIECE_THREADS_GROW).
  const px = Buffer.alloc(W * H * 3);
  const L0 = 200, T0 = 120, S = 240, STEP = 40;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const under = PRINT[(Math.floor(x / 12) + Math.floor(y / 12)) % 2];
      let a = 0;
      if (x >= L0 && x < L0 + S && y >= T0 && y < T0 + S) {
        const u = ((x - L0) % STEP) - STEP / 2 + 0.5, v = ((y - T0) % STEP) - STEP / 2 + 0.5;
        const r = Math.hypot(u, v), ang = Math.atan2(v, u);
        a = r < 4 + 3 * Math.abs(Math.cos(2.5 * ang)) ? 1 : 0;
      }
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(a * LACE[c] + (1 - a) * under[c]);
    }
  }
  const img = await decodeUpload(await sharp(px, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
  const piece = await findPiece(img, await findLace(img));
  t.ok(piece, 'a piece');
  if (!piece) return;
  t.ok(piece.surface, 'see-through: the surface is kept to take out');
  const { box } = piece;
  const extent = S - STEP + 14; // from the first flower's left petal to the last one's right
  t.ok(Math.abs(box.width - extent) < 16 && Math.abs(box.height - extent) < 16, `its size: ${box.width.toFixed(0)} × ${box.height.toFixed(0)} for ${extent} × ${extent}`);
  t.ok(Math.hypot(box.cx - (L0 + S / 2), box.cy - (T0 + S / 2)) < 12, `its centre: (${box.cx.toFixed(0)}, ${box.cy.toFixed(0)})`);
});

t.test("a catalogue picture's 'tightThreads' is drawn as a query draws a see-through piece of it, whatever its ground", async (t) => {
  // The catalogue's picture: the same lace on a maroon ground, the piece of the see-through photo above.
  const mask = await renderLaceMask(designFor(11, 'fabric'), SIDE, SIDE);
  const MAROON = [90, 31, 36];
  const px = Buffer.alloc(SIDE * SIDE * 3);
  for (let i = 0; i < SIDE * SIDE; i++) for (let c = 0; c < 3; c++) px[i * 3 + c] = Math.round((mask[i] / 255) * LACE[c] + (1 - mask[i] / 255) * MAROON[c]);
  const picture = await decodeUpload(await sharp(px, { raw: { width: SIDE, height: SIDE, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
  const [full, drawn] = await makeViews(picture, ['full', 'tightThreads'], 64);
  const [piece] = await makeViews(await decodeUpload((await laceOnPrint(true)).photo), ['piece'], 64, { dropUnneeded: true });
  // Their colours: the mean of each channel (mostly the ground's), apart.
  const mean = (v: Uint8Array) => [0, 1, 2].map((c) => { let m = 0; for (let i = c; i < v.length; i += 3) m += v[i]; return m / (v.length / 3); });
  const apart = (a: Uint8Array, b: Uint8Array) => Math.hypot(...mean(a).map((x, c) => x - mean(b)[c]));
  const [near, far] = [apart(piece.data, drawn.data), apart(piece.data, full.data)];
  t.ok(near < 20, `the piece's colours and the picture's threads' differ by ${near.toFixed(1)} levels`);
  t.ok(far > 2 * near, `the piece's and the picture's as it is (its maroon ground), by ${far.toFixed(1)}`);
  t.notOk(drawn.colourless, 'described with its colour');
});

/** The correlation of a thread map with the lace's own mask, both 110 × 110. */
function followsMask(alpha: Uint8Array, mask: Buffer): number {
  const n = alpha.length;
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += alpha[i] / n; mb += mask[i] / n; }
  let ab = 0, aa = 0, bb = 0;
  for (let i = 0; i < n; i++) { const a = alpha[i] - ma, b = mask[i] - mb; ab += a * b; aa += a * a; bb += b * b; }
  return ab / Math.sqrt(aa * bb);
}

t.test("a few dots of the lace's colour outside it (a stray thread, a second motif) are not taken for a surface colour", async (t) => {
  // The see-through lace on the check print, with ten 5 px dots of the lace's colour far from it: 0.4 % of
  // the surface. The farthest-sample start of the clustering picks them first.
  const mask = await renderLaceMask(designFor(11, 'fabric'), SIDE, SIDE);
  const dots = Array.from({ length: 10 }, (_, k) => [18 + 27 * k, k % 2 ? 27 : 405]);
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = x >= LEFT && x < LEFT + SIDE && y >= TOP && y < TOP + SIDE;
      const dot = dots.some(([dx, dy]) => Math.abs(x - dx) <= 2 && Math.abs(y - dy) <= 2);
      const a = dot ? 1 : inside ? mask[(y - TOP) * SIDE + (x - LEFT)] / 255 : 0;
      const under = PRINT[(Math.floor(x / 12) + Math.floor(y / 12)) % 2];
      for (let c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = Math.round(a * LACE[c] + (1 - a) * under[c]);
    }
  }
  const photo = await sharp(px, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  const surface = surfaceColours(await decodeUpload(photo), { left: LEFT, top: TOP, width: SIDE, height: SIDE });
  t.ok(surface, 'a surface');
  if (!surface) return;
  const fromLace = Math.min(...surface.centres.map((c) => Math.hypot(c[0] - LACE[0], c[1] - LACE[1], c[2] - LACE[2])));
  t.ok(fromLace > 60, `no surface colour is the lace's (the nearest is ${fromLace.toFixed(0)} levels from it)`);
  t.ok(surface.shares!.every((s) => s >= 0.01) && Math.abs(surface.shares!.reduce((a, b) => a + b, 0) - 1) < 1e-6, `the shares are of the colours kept: ${surface.shares!.map((s) => s.toFixed(3))}`);
  const crop = await sharp(photo).extract({ left: LEFT, top: TOP, width: SIDE, height: SIDE }).resize(110, 110).removeAlpha().raw().toBuffer();
  const small = await sharp(mask, { raw: { width: SIDE, height: SIDE, channels: 1 } }).resize(110, 110).extractChannel(0).raw().toBuffer();
  const map = threadMap({ data: new Uint8Array(crop), width: 110, height: 110 }, surface);
  t.ok(map, 'the lace is told from the surface');
  if (!map) return;
  t.ok(Math.hypot(...map.lace.map((v, c) => v - LACE[c])) < 40, `in its own colour: ${map.lace.map(Math.round)}`);
  const r = followsMask(map.alpha, small);
  t.ok(r > 0.8, `the map follows the lace's threads (correlation ${r.toFixed(2)} with its mask)`);
});

t.test("sparse lace (thin lines, under a tenth of the piece) on denim: a query's piece gets a thread map; a catalogue picture's is as before", async (t) => {
  // Denim: a diagonal twill of two blues with a little noise. The lace: 4 px light lines 120 px apart, both ways.
  const DENIM = [[52, 72, 112], [84, 104, 146]];
  const S = 240, L0 = 180, T0 = 100;
  const px = Buffer.alloc(W * H * 3);
  const mask = Buffer.alloc(S * S);
  let seed = 7;
  const noise = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return (seed / 0x7fffffff - 0.5) * 12; };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = x >= L0 && x < L0 + S && y >= T0 && y < T0 + S;
      const line = inside && (((x - L0) % 120) < 4 || ((y - T0) % 120) < 4);
      if (line) mask[(y - T0) * S + (x - L0)] = 255;
      const under = DENIM[Math.floor((x + y) / 3) % 2];
      const e = noise();
      for (let c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = line ? LACE[c] : Math.max(0, Math.min(255, Math.round(under[c] + e)));
    }
  }
  let share = 0;
  for (const v of mask) share += v / 255 / mask.length;
  t.ok(share > 0.03 && share < 0.09, `the lines are ${(share * 100).toFixed(1)} % of the piece`);
  const photo = await sharp(px, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const surface = surfaceColours(await decodeUpload(photo), { left: L0, top: T0, width: S, height: S });
  t.ok(surface, 'a surface');
  if (!surface) return;
  const crop = { data: new Uint8Array(await sharp(photo).extract({ left: L0, top: T0, width: S, height: S }).resize(110, 110).removeAlpha().raw().toBuffer()), width: 110, height: 110 };
  const small = await sharp(mask, { raw: { width: S, height: S, channels: 1 } }).resize(110, 110).extractChannel(0).raw().toBuffer();
  t.equal(threadMap(crop, surface), null, "a catalogue picture's rule (the farthest tenth of the pixels) finds no lace colour: the tenth reaches into the denim");
  const map = threadMap(crop, surface, true);
  t.ok(map, "a query's piece: the lace's colour is found among the farthest pixels");
  if (!map) return;
  t.ok(Math.hypot(...map.lace.map((v, c) => v - LACE[c])) < 30, `in its own colour: ${map.lace.map(Math.round)}`);
  const r = followsMask(map.alpha, small);
  t.ok(r > 0.7, `the map follows the lines (correlation ${r.toFixed(2)} with their mask)`);
  // As the query draws its piece (the box the lines span, upright): from the thread map, in the lace's colour.
  const drawn = await drawPiece(await decodeUpload(photo), { box: { cx: L0 + S / 2, cy: T0 + S / 2, width: S, height: S, angle: 0 }, surface, turnSure: 0.2 }, 110);
  t.ok(drawn.map && Math.hypot(...drawn.map.lace.map((v, c) => v - LACE[c])) < 30, `the query's piece is drawn from its thread map: ${drawn.map?.lace.map(Math.round)}`);
});

t.test('on a plain ground (one colour for nine tenths of it, as a picture\'s own ground) a sliver of the lace\'s colour stays surface and a sparse piece gets no deeper cut', async (t) => {
  // A maroon ground with a few dots of the lace's colour outside the box, and thin lines of it inside: what a
  // catalogue picture of a medallion looks like when it is photographed whole.
  const MAROON = [85, 29, 34];
  const S = 240, L0 = 180, T0 = 100;
  const dots = Array.from({ length: 10 }, (_, k) => [18 + 27 * k, k % 2 ? 27 : 405]);
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = x >= L0 && x < L0 + S && y >= T0 && y < T0 + S;
      const line = inside && (((x - L0) % 120) < 4 || ((y - T0) % 120) < 4);
      const dot = dots.some(([dx, dy]) => Math.abs(x - dx) <= 2 && Math.abs(y - dy) <= 2);
      for (let c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = line || dot ? LACE[c] : MAROON[c];
    }
  }
  const photo = await sharp(px, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const surface = surfaceColours(await decodeUpload(photo), { left: L0, top: T0, width: S, height: S });
  t.ok(surface, 'a surface');
  if (!surface) return;
  t.equal(surface.plain, true, `the ground is plain: ${surface.shares!.map((s) => s.toFixed(3))}`);
  const fromLace = Math.min(...surface.centres.map((c) => Math.hypot(c[0] - LACE[0], c[1] - LACE[1], c[2] - LACE[2])));
  t.ok(fromLace < 40, `the dots' colour is kept as a surface colour (${fromLace.toFixed(0)} levels from the lace's)`);
  const drawn = await drawPiece(await decodeUpload(photo), { box: { cx: L0 + S / 2, cy: T0 + S / 2, width: S, height: S, angle: 0 }, surface, turnSure: 0.2 }, 110);
  t.equal(drawn.map, null, 'the piece is not drawn as threads: on a plain ground the farthest tenth decides, as for a catalogue picture');
});
