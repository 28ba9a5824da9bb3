// The fine check of a see-through piece's leading products (engine/fine-check.ts): a piece's drawing agrees
// with its own picture's threads at 128 cells better than with other designs of the same kind, also when it is
// a little out of place; the leading products are re-sorted by it among themselves and keep the scores of the
// places they take; the photo carries the drawing only where its piece is see-through.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import type { RgbImage } from '../../api/modules/search/engine/types';
import { fineAgreement, finePieces, withFineCheck } from '../../api/modules/search/engine/fine-check';
import { FINE_SIDE, fineCells, fineThreads, namedViewWindows, wholeView } from '../../api/modules/search/engine/window-check';
import { makeView } from '../../api/modules/search/engine/views';

const picture = async (seed: number, layout: 'bigBorder' | 'medallion') =>
  decodeUpload(await renderLaceJpeg(designFor(seed, layout), '#f5f0e6', 'full', 400, 400));
/** A picture's threads as the fine check reads a product: its 'tightThreads' view as fineCells. */
const threadsOf = async (seed: number, layout: 'bigBorder' | 'medallion') => fineThreads(await picture(seed, layout));

/**
 * A piece's drawing as a query draws it, here the catalogue's own drawing of it made rougher: moved by
 * (dx, dy) pixels, turned by `deg`, blurred and JPEG'd, and marked see-through as views.ts marks it.
 */
async function drawing(seed: number, layout: 'bigBorder' | 'medallion', dx = 0, dy = 0, deg = 0): Promise<RgbImage> {
  const made = await makeView(await picture(seed, layout), 'tightThreads', 160);
  const raw = { raw: { width: 160, height: 160, channels: 3 as const } };
  const moved = await sharp(Buffer.from(made.data), raw).extend({ top: 20, bottom: 20, left: 20, right: 20, extendWith: 'mirror' })
    .rotate(deg, { background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
  const ox = Math.round((moved.info.width - 160) / 2) - dx, oy = Math.round((moved.info.height - 160) / 2) - dy;
  const soft = await sharp(moved.data, { raw: { width: moved.info.width, height: moved.info.height, channels: 3 } })
    .extract({ left: ox, top: oy, width: 160, height: 160 }).blur(1).jpeg({ quality: 70 }).toBuffer();
  return { ...(await decodeUpload(soft)), seeThrough: true, onSurface: true };
}

t.test('a drawing agrees with its own picture at 128 cells, also moved and turned a little, more than with other designs of its kind', async (t) => {
  for (const [seed, layout] of [[91, 'medallion'], [92, 'bigBorder']] as const) {
    const own = await threadsOf(seed, layout);
    t.equal(own.length, FINE_SIDE * FINE_SIDE);
    t.ok(fineAgreement(own, own)! > 0.999, `${layout} ${seed}: with itself 1`);
    const piece = fineCells(await drawing(seed, layout, 6, -4, 3));
    const mine = fineAgreement(piece, own)!;
    t.ok(mine > 0.7, `${layout} ${seed}: moved 6, 4 px and turned 3°, with its own picture ${mine.toFixed(3)}`);
    for (const other of [seed + 100, seed + 200, seed + 300]) {
      const theirs = fineAgreement(piece, await threadsOf(other, layout))!;
      t.ok(theirs < mine - 0.1, `${layout} ${other}: ${theirs.toFixed(3)} < ${mine.toFixed(3)}`);
    }
  }
});

t.test('a flat drawing has no block to compare: no agreement', async (t) => {
  const flat = new Uint8Array(FINE_SIDE * FINE_SIDE).fill(120);
  t.equal(fineAgreement(flat, await threadsOf(91, 'medallion')), null);
});

t.test('withFineCheck re-sorts the leading products among themselves; they keep the scores of their places', async (t) => {
  const piece = fineCells(await drawing(93, 'medallion', -5, 5, -2));
  // Product 3 is the piece's own design; 1, 2, 4 and 5 other medallions; 6 has no picture to read; 7 is past the leading 6.
  const seeds: Record<number, number> = { 1: 193, 2: 293, 3: 93, 4: 393, 5: 493, 7: 93 };
  const hits = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ productId: id, score: 0.9 - id * 0.01, entry: id }));
  const read: number[] = [];
  const picturesOf = async (id: number) => { read.push(id); return seeds[id] && id !== 6 ? [await threadsOf(seeds[id], 'medallion')] : []; };
  const out = await withFineCheck(hits, [piece], picturesOf, { top: 6 });
  t.equal(out[0].productId, 3, 'its own design first');
  t.same(out.map((h) => h.score), hits.map((h) => h.score), 'the scores stay in their places, best first');
  t.equal(out[5].productId, 6, 'a product with no picture goes last among the leading 6');
  t.equal(out[6].productId, 7, 'past the leading 6, the hits keep their places');
  t.same([...read].sort(), [1, 2, 3, 4, 5, 6], "only the leaders' pictures are read");
  t.same(out.map((h) => h.productId).sort(), [1, 2, 3, 4, 5, 6, 7], 'no hit lost or repeated');
  t.same(await withFineCheck(hits, [], picturesOf, { top: 6 }), hits, 'no drawing: as they were');
  t.same(await withFineCheck(hits, [piece], picturesOf, { top: 1 }), hits, 'one leader: as they were');
  t.same(await withFineCheck(hits, [piece], picturesOf, { top: 6, min: 0.99 }), hits, 'no leader agreeing at least `min`: as they were');
  t.same(await withFineCheck(hits, [piece], picturesOf, { top: 6, below: 0.99 }, 0.995), hits, 'a best score before the looks of `below` or more: as they were');
  t.equal((await withFineCheck(hits, [piece], picturesOf, { top: 6, below: 0.99 }, 0.95))[0].productId, 3, 'under `below`: re-sorted');
  // Weighed with the look's scores: a small weight leaves the look's clear leader first; a large one is the agreement's order.
  const apart = hits.map((h) => ({ ...h, score: h.productId === 1 ? 1.5 : h.score }));
  t.equal((await withFineCheck(apart, [piece], picturesOf, { top: 6, weight: 0.1 }))[0].productId, 1, 'weight 0.1: a leader 0.6 ahead stays first');
  t.equal((await withFineCheck(hits, [piece], picturesOf, { top: 6, weight: 10 }))[0].productId, 3, 'weight 10: the agreement decides');
});

t.test("a see-through piece's drawing travels with its windows; a picture as it is carries none", async (t) => {
  const seeThrough = namedViewWindows([{ view: 'piece', img: await drawing(94, 'medallion') }]);
  const pieces = finePieces(seeThrough);
  t.equal(pieces.length, 1, 'one drawing, on one of its windows');
  t.equal(pieces[0].length, FINE_SIDE * FINE_SIDE);
  t.equal(finePieces(namedViewWindows([{ view: 'full', img: await wholeView(await picture(94, 'medallion')) }])).length, 0, 'a photo as it is: none');
});
