// The lace piece (views.ts findPiece, pieceView): a buyer lays a piece of lace on a garment or a table and
// photographs all of it, a little turned and smaller than the frame; the 'piece' view cuts it out along its
// turned box and turns it back, so that it lines up with the catalogue picture's whole view, layout included.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { layoutDescriptor } from '../../api/modules/search/engine/layout';
import { dot } from '../../api/modules/search/engine/types';
import { findLace, findPiece, laceExtent, makeView, makeViews, MAX_QUERY_VIEWS, pieceView } from '../../api/modules/search/engine/views';

const W = 640, H = 480;

/** A 640×480 photo: a plain-weave backdrop with the catalogue picture laid on it, 240 px, turned by `deg`. */
async function laidOn(picture: Buffer, deg: number, left = 260, top = 110): Promise<Buffer> {
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const k = 0.9 + 0.06 * ((Math.floor(x / 4) + Math.floor(y / 4)) % 2) + 0.04 * Math.sin((x + y) / 50);
      const i = (y * W + x) * 3;
      px[i] = 60 * k; px[i + 1] = 150 * k; px[i + 2] = 160 * k;
    }
  }
  const piece = await sharp(picture).resize(240, 240).rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  return sharp(px, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: piece, left, top }]).jpeg({ quality: 88 }).toBuffer();
}

const catalogue = (seed: number) => renderLaceJpeg(designFor(seed, 'fabric'), '#f5f0e6', 'full', 400, 400);

t.test('findPiece finds a turned piece of lace on a backdrop: its turn, size and centre', async (t) => {
  for (const deg of [-7, 0, 5]) {
    const img = await decodeUpload(await laidOn(await catalogue(21), deg));
    const piece = await findPiece(img, await findLace(img));
    t.ok(piece, `turned by ${deg}°: a piece`);
    if (!piece) continue;
    const { box } = piece;
    t.ok(Math.abs(box.angle - deg) <= 1, `its turn: ${box.angle.toFixed(1)}° for ${deg}°`);
    t.ok(Math.abs(box.width - 240) < 12 && Math.abs(box.height - 240) < 12, `its size: ${box.width.toFixed(0)} × ${box.height.toFixed(0)} for 240 × 240`);
    // sharp turns about the piece's centre and grows the canvas around it: the centre stays at left + half the canvas.
    const side = 240 * (Math.abs(Math.cos((deg * Math.PI) / 180)) + Math.abs(Math.sin((deg * Math.PI) / 180)));
    t.ok(Math.hypot(box.cx - (260 + side / 2), box.cy - (110 + side / 2)) < 6, `its centre: (${box.cx.toFixed(0)}, ${box.cy.toFixed(0)})`);
    t.equal(piece.surface, null, 'opaque: no surface to take out');
  }
});

t.test("the piece view lines up with the catalogue picture's whole view, and not with another design's", async (t) => {
  const mine = await decodeUpload(await catalogue(21));
  const other = await decodeUpload(await catalogue(22));
  const img = await decodeUpload(await laidOn(await catalogue(21), -6));
  const piece = await findPiece(img, await findLace(img));
  t.ok(piece, 'a piece');
  const view = await pieceView(img, piece!, 160);
  const l = layoutDescriptor(view);
  const own = dot(l, layoutDescriptor(await makeView(mine, 'full', 160)));
  const theirs = dot(l, layoutDescriptor(await makeView(other, 'full', 160)));
  const unturned = dot(layoutDescriptor(await makeView(img, 'full', 160)), layoutDescriptor(await makeView(mine, 'full', 160)));
  t.ok(own > 0.99, `its layout meets the catalogue picture's: ${own.toFixed(4)}`);
  t.ok(theirs < own - 0.02, `another design's less: ${theirs.toFixed(4)}`);
  t.ok(unturned < 0.9, `the photo as it is does not: ${unturned.toFixed(4)}`);
});

t.test("'piece' in a query: only where a piece lies in the frame, with its layout described; never standing in for nothing", async (t) => {
  const list = ['full', 'piece', 'centre50', 'focusCentre', 'zoomOut', 'centre25'] as const;
  const laid = await decodeUpload(await laidOn(await catalogue(21), 4));
  const q1 = await makeViews(laid, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  t.equal(q1.length, MAX_QUERY_VIEWS, 'a piece on a table: four views');
  t.same(q1.map((v) => !!v.whole), [true, true, false, false], "the whole photo's and the piece's layouts are described, the others' not");
  const allLace = await decodeUpload(await catalogue(21));
  t.equal(await findPiece(allLace, await findLace(allLace)), null, 'an all-lace photo: no piece');
  const q2 = await makeViews(allLace, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  t.same(q2.map((v) => !!v.whole), [true, false, false, false], 'all lace: the piece view is left out (full, centre50, zoomOut, centre25)');
  const cat = await makeView(allLace, 'piece', 64);
  t.same(Array.from(cat.data), Array.from((await makeView(allLace, 'full', 64)).data), "where a view must exist, no piece stands in for 'full'");
});

t.test("'tight': a catalogue picture cut to its threads, without the plain ground around them; all-over lace stays whole", async (t) => {
  const medallion = await decodeUpload(await renderLaceJpeg(designFor(31, 'medallion'), '#f5f0e6', 'full', 400, 400));
  const box = await laceExtent(medallion);
  t.ok(box, 'a medallion on its ground: a box');
  if (box) {
    t.ok(box.width < 390 || box.height < 390, `smaller than the picture: ${box.width} × ${box.height}`);
    t.ok(box.left <= 200 && box.left + box.width >= 200 && box.top <= 200 && box.top + box.height >= 200, 'around the picture\'s centre, where the medallion is');
  }
  const tight = await makeView(medallion, 'tight', 64);
  t.notSame(Array.from(tight.data), Array.from((await makeView(medallion, 'full', 64)).data), "its view is not the whole picture's");
  const fabric = await decodeUpload(await catalogue(21));
  t.equal(await laceExtent(fabric), null, 'all-over lace reaches the edges: no box');
  t.same(Array.from((await makeView(fabric, 'tight', 64)).data), Array.from((await makeView(fabric, 'full', 64)).data), "and its view is the whole picture's");
});

/** A 640×480 photo of a ribbed knit (two greens in 3 px ribs, a little shading) with the picture laid on it, 240 px, turned by `deg`. */
async function onKnit(picture: Buffer, deg: number, left = 200, top = 110): Promise<Buffer> {
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const rib = Math.floor(x / 3) % 2, k = 0.92 + 0.08 * Math.sin(y / 2);
      const i = (y * W + x) * 3;
      px[i] = (rib ? 30 : 42) * k; px[i + 1] = (rib ? 110 : 140) * k; px[i + 2] = (rib ? 34 : 50) * k;
    }
  }
  const piece = await sharp(picture).resize(240, 240).rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  return sharp(px, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: piece, left, top }]).jpeg({ quality: 88 }).toBuffer();
}

t.test("a medallion cut on its own ground and laid on a knit: the piece is the whole cut, not the medallion inside it", async (t) => {
  // Its dark ground lies outside the lace's region, so it is learnt as one of the surface's colours; the piece must
  // still be the square it was cut to (its own ground unlike the knit), opaque, at the turn the square's edges give.
  const picture = await renderLaceJpeg(designFor(31, 'medallion'), '#e0e0ff', 'full', 400, 400);
  for (const deg of [-9, 6]) {
    const img = await decodeUpload(await onKnit(picture, deg));
    const piece = await findPiece(img, await findLace(img));
    t.ok(piece, `turned by ${deg}°: a piece`);
    if (!piece) continue;
    const { box } = piece;
    t.ok(Math.abs(box.angle - deg) <= 1, `its turn: ${box.angle.toFixed(1)}° for ${deg}°`);
    t.ok(Math.abs(box.width - 240) < 12 && Math.abs(box.height - 240) < 12, `the whole cut: ${box.width.toFixed(0)} × ${box.height.toFixed(0)} for 240 × 240`);
    t.equal(piece.surface, null, 'opaque: its own ground is not taken out as surface');
  }
});

t.test('where no lace region is found (a fine knit all over the photo), the piece is found by the frame: at the edge too', async (t) => {
  const picture = await renderLaceJpeg(designFor(31, 'medallion'), '#e0e0ff', 'full', 400, 400);
  for (const [deg, left] of [[5, 200], [-4, 0]]) {
    const img = await decodeUpload(await onKnit(picture, deg, left));
    const piece = await findPiece(img, null);
    t.ok(piece, `turned by ${deg}°, ${left} px from the left edge: a piece`);
    if (!piece) continue;
    t.ok(Math.abs(piece.box.angle - deg) <= 1, `its turn: ${piece.box.angle.toFixed(1)}° for ${deg}°`);
    t.ok(Math.abs(piece.box.width - 240) < 12 && Math.abs(piece.box.height - 240) < 12, `the whole cut: ${piece.box.width.toFixed(0)} × ${piece.box.height.toFixed(0)}`);
    t.equal(piece.surface, null, 'opaque');
  }
  const allLace = await decodeUpload(await catalogue(21));
  t.equal(await findPiece(allLace, null), null, 'lace that fills the photo meets its frame: no piece');
  const medallion = await decodeUpload(picture);
  t.equal(await findPiece(medallion, null), null, 'nor a catalogue picture of a medallion on its own ground');
});
