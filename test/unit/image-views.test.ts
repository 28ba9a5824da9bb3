// The query views of photo search: the lace is found where it lies on something smoother, and the focus
// views apply only then; and the texture statistics keep their rotation invariance.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { spreadHue } from '../../api/modules/search/engine/fused-descriptor';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { dot, type RgbImage } from '../../api/modules/search/engine/types';
import { findLace, makeViews, MAX_QUERY_VIEWS } from '../../api/modules/search/engine/views';

/** A 600×450 photo: a smooth, lit backdrop with a 220 px lace picture at (300, 140). */
async function laceOnTable(): Promise<Buffer> {
  const w = 600, h = 450;
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = 0.8 + 0.2 * Math.sin(x / 90) * Math.cos(y / 70);
      const i = (y * w + x) * 3;
      px[i] = 150 * k; px[i + 1] = 105 * k; px[i + 2] = 70 * k;
    }
  }
  const lace = await renderLaceJpeg(designFor(11, 'fabric'), '#f5f0e6', 'full', 220, 220);
  return sharp(px, { raw: { width: w, height: h, channels: 3 } }).composite([{ input: lace, left: 300, top: 140 }]).jpeg({ quality: 90 }).toBuffer();
}

t.test('findLace finds lace lying on a smoother backdrop, and nothing in an all-lace photo', async (t) => {
  const photo = await decodeUpload(await laceOnTable());
  const r = await findLace(photo);
  t.ok(r, 'a region');
  if (r) {
    const ix = Math.max(0, Math.min(r.left + r.width, 520) - Math.max(r.left, 300));
    const iy = Math.max(0, Math.min(r.top + r.height, 360) - Math.max(r.top, 140));
    const iou = (ix * iy) / (r.width * r.height + 220 * 220 - ix * iy);
    t.ok(iou > 0.7, `the region is the lace (IoU ${iou.toFixed(2)})`);
  }
  const allLace = await decodeUpload(await renderLaceJpeg(designFor(11, 'fabric'), '#f5f0e6', 'full', 400, 400));
  t.equal(await findLace(allLace), null, 'no region when the lace fills the photo');
});

/** A busy surface, `w`×`h` raw RGB: a check print of 12 px squares, red and teal. */
function checkPrint(w: number, h: number): Buffer {
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = (Math.floor(x / 12) + Math.floor(y / 12)) % 2 === 0;
      const i = (y * w + x) * 3;
      px[i] = on ? 200 : 40; px[i + 1] = on ? 60 : 150; px[i + 2] = on ? 70 : 160;
    }
  }
  return px;
}

/** A 600×450 photo of lace on the check print, with the lace at (300, 140). */
async function laceOnCheckPrint(): Promise<Buffer> {
  const lace = await renderLaceJpeg(designFor(11, 'fabric'), '#f5f0e6', 'full', 220, 220);
  return sharp(checkPrint(600, 450), { raw: { width: 600, height: 450, channels: 3 } }).composite([{ input: lace, left: 300, top: 140 }]).jpeg({ quality: 90 }).toBuffer();
}

t.test('findLace finds lace on a surface as busy as lace, against the surface seen at the photo\'s border', async (t) => {
  const r = await findLace(await decodeUpload(await laceOnCheckPrint()));
  t.ok(r, 'a region, though the print is textured everywhere');
  const ix = r ? Math.max(0, Math.min(r.left + r.width, 520) - Math.max(r.left, 300)) : 0;
  const iy = r ? Math.max(0, Math.min(r.top + r.height, 360) - Math.max(r.top, 140)) : 0;
  const iou = r ? (ix * iy) / (r.width * r.height + 220 * 220 - ix * iy) : 0;
  t.ok(iou > 0.55, `the region is the lace (IoU ${iou.toFixed(2)})`);
  for (const layout of ['fabric', 'eyelash'] as const) {
    const allLace = await decodeUpload(await renderLaceJpeg(designFor(13, layout), '#c8102e', 'full', 400, 400));
    t.equal(await findLace(allLace), null, `still no region in an all-lace photo (${layout})`);
  }
});

t.test('focus views: in a query only where they apply; one picture per view for the catalogue', async (t) => {
  const onTable = await decodeUpload(await laceOnTable());
  const allLace = await decodeUpload(await renderLaceJpeg(designFor(12, 'eyelash'), '#1f3a93', 'full', 400, 400));
  const list = ['full', 'centre50', 'focus', 'focusCentre', 'zoomOut', 'centre25'] as const;
  const q1 = await makeViews(onTable, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  t.equal(q1.length, MAX_QUERY_VIEWS, 'lace on a table: the first four views, focus crops included');
  const q2 = await makeViews(allLace, ['full', 'centre50', 'focus', 'focusCentre'], 64, { dropUnneeded: true });
  t.equal(q2.length, 2, 'all lace: the focus views are left out');
  const cat = await makeViews(allLace, list, 64);
  t.equal(cat.length, list.length, 'catalogue: every view');
  for (const v of [...q1, ...q2, ...cat]) t.match(v, { width: 64, height: 64 });
  t.same(Array.from(cat[2].data), Array.from((await makeViews(allLace, ['full'], 64))[0].data), "a focus view that does not apply stands in for 'full'");
});

function rotate90(img: RgbImage): RgbImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) out[(x * h + (h - 1 - y)) * 3 + c] = data[(y * w + x) * 3 + c];
  return { data: out, width: h, height: w };
}

t.test('texture statistics: unit length, the same for a turned picture, different for another lace', async (t) => {
  const [a, b] = await Promise.all([
    decodeUpload(await renderLaceJpeg(designFor(21, 'fabric'), '#c8102e', 'full', 160, 160)),
    decodeUpload(await renderLaceJpeg(designFor(22, 'medallion'), '#c8102e', 'full', 160, 160)),
  ]);
  const ta = textureDescriptor(a), tb = textureDescriptor(b);
  t.ok(Math.abs(dot(ta, ta) - 1) < 1e-5, 'unit length');
  t.ok(dot(ta, textureDescriptor(rotate90(a))) > 0.99, 'turned by 90°: the same statistics');
  t.ok(dot(ta, tb) < dot(ta, textureDescriptor(rotate90(a))), 'another lace is further away');
  t.ok(Math.abs(dot(colourHistogram(a), colourHistogram(rotate90(a))) - 1) < 1e-5, 'colour does not depend on the turn');
});

t.test('colour histogram: a colourway is further away than the same lace in warmer, dimmer light or with its hue shifted', async (t) => {
  const jpeg = await renderLaceJpeg(designFor(23, 'smallBorder'), '#c8102e', 'full', 160, 160);
  const [red, blue, warmDim, hueShifted] = await Promise.all([
    decodeUpload(jpeg),
    decodeUpload(await renderLaceJpeg(designFor(23, 'smallBorder'), '#1f3a93', 'full', 160, 160)),
    decodeUpload(await sharp(jpeg).recomb([[0.9, 0, 0], [0, 0.75, 0], [0, 0, 0.6]]).jpeg().toBuffer()),
    decodeUpload(await sharp(jpeg).modulate({ hue: 25 }).jpeg().toBuffer()),
  ]);
  const [r, b, w, h] = [red, blue, warmDim, hueShifted].map(colourHistogram);
  t.ok(Math.abs(dot(r, r) - 1) < 1e-5, 'unit length');
  t.ok(dot(r, b) < 0.8, `red and blue colourways differ (cosine ${dot(r, b).toFixed(3)})`);
  t.ok(dot(r, w) > 0.9, `warmer, dimmer light is balanced out (cosine ${dot(r, w).toFixed(3)})`);
  const spread = (x: Float32Array) => spreadHue(x, 1);
  t.ok(dot(spread(r), spread(h)) > dot(r, h), `blurring the hue bins brings a 25° hue shift closer (${dot(r, h).toFixed(3)} → ${dot(spread(r), spread(h)).toFixed(3)})`);
  t.ok(dot(spread(r), spread(b)) < dot(spread(r), spread(h)), 'the blue colourway stays further away than the hue shift');
});

t.test('a photo\'s query views shared out over threads: the shares together are the views, in order', async (t) => {
  const onTable = await decodeUpload(await laceOnTable());
  const list = ['full', 'centre50', 'focusCentre', 'zoomOut', 'centre25'] as const;
  const whole = await makeViews(onTable, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  const p0 = await makeViews(onTable, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS, part: { index: 0, of: 2 } });
  const p1 = await makeViews(onTable, list, 64, { dropUnneeded: true, max: MAX_QUERY_VIEWS, part: { index: 1, of: 2 } });
  t.equal(p0.length + p1.length, whole.length, 'no view lost or made twice');
  const interleaved = whole.map((_, i) => (i % 2 === 0 ? p0 : p1)[Math.floor(i / 2)]);
  t.same(interleaved.map((v) => Array.from(v.data)), whole.map((v) => Array.from(v.data)), 'share i holds views i, i + 2, …');
  const cat = await makeViews(onTable, ['full', 'rot90', 'centre50'], 64, { part: { index: 1, of: 2 } });
  t.equal(cat.length, 1, 'a catalogue share: every other view');
  t.same(Array.from(cat[0].data), Array.from((await makeViews(onTable, ['rot90'], 64))[0].data), 'the second view');
});

/** A 400×400 photo of a 300 px lace turned by 8° on the same check print: its box is four fifths of the frame. */
async function largeLaceOnCheckPrint(): Promise<Buffer> {
  const w = 400, h = 400;
  const px = checkPrint(w, h);
  const lace = await renderLaceJpeg(designFor(11, 'fabric'), '#f5f0e6', 'full', 300, 300);
  const turned = await sharp(lace).ensureAlpha().rotate(8, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer({ resolveWithObject: true });
  const left = Math.round((w - turned.info.width) / 2), top = Math.round((h - turned.info.height) / 2);
  return sharp(px, { raw: { width: w, height: h, channels: 3 } }).composite([{ input: turned.data, left, top }]).jpeg({ quality: 90 }).toBuffer();
}

t.test('findLace finds a piece filling most of the frame on a busy surface, where the border is nearly all surface', async (t) => {
  const r = await findLace(await decodeUpload(await largeLaceOnCheckPrint()));
  t.ok(r, 'a region, though its box is more than 0.7 of the photo');
  // The turned piece's box: 300·(cos 8° + sin 8°) ≈ 339 px, centred.
  const lo = (400 - 339) / 2, hi = lo + 339;
  const ix = r ? Math.max(0, Math.min(r.left + r.width, hi) - Math.max(r.left, lo)) : 0;
  const iy = r ? Math.max(0, Math.min(r.top + r.height, hi) - Math.max(r.top, lo)) : 0;
  const iou = r ? (ix * iy) / (r.width * r.height + 339 * 339 - ix * iy) : 0;
  t.ok(iou > 0.7, `the region is the piece (IoU ${iou.toFixed(2)})`);
});
