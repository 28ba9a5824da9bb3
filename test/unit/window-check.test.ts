// The second look at a search's leading products (engine/window-check.ts): a close-up of a quarter of a
// picture is placed in that picture's thumb, not in another design's of the same kind; a leading product
// whose picture holds the photo is raised past one that is a little ahead on the fused score; a flat photo
// or a product without a thumb changes nothing; a see-through piece is looked at among more of them.
import sharp from 'sharp';
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import type { RgbImage } from '../../api/modules/search/engine/types';
import { THUMB_SIDE, TURNED_SCALES, WINDOW_SCALES, colourCost, labOf, lookAgreement, lookReads, packLace, unpackLace, namedViewWindows, photoWindows, pictureThumb, seeThroughWindows, wholeView, windowAgreement, windowLook, withWindowCheck } from '../../api/modules/search/engine/window-check';
import { findLace, findPiece, makeNamedViews, makeView, PIECE_ROUND } from '../../api/modules/search/engine/views';

const picture = async (seed: number, layout: 'bigBorder' | 'fabric' | 'medallion') =>
  decodeUpload(await renderLaceJpeg(designFor(seed, layout), '#f5f0e6', 'full', 400, 400));

/** A buyer's close-up: a square of `side` of the picture's side at (left, top), turned a little, enlarged to 400 px, JPEG. */
async function closeUp(img: RgbImage, left: number, top: number, side: number, deg: number): Promise<RgbImage> {
  const raw = { raw: { width: img.width, height: img.height, channels: 3 as const } };
  const s = Math.round(img.width * side);
  const cut = await sharp(Buffer.from(img.data), raw).extract({ left, top, width: s, height: s }).rotate(deg, { background: '#808080' }).raw().toBuffer({ resolveWithObject: true });
  const inner = Math.round(s * 0.9), off = Math.round((cut.info.width - inner) / 2);
  const jpeg = await sharp(cut.data, { raw: { width: cut.info.width, height: cut.info.height, channels: 3 } })
    .extract({ left: off, top: off, width: inner, height: inner }).resize(400, 400).jpeg({ quality: 80 }).toBuffer();
  return decodeUpload(jpeg);
}

const thumbOf = async (img: RgbImage) => pictureThumb(await wholeView(img));

t.test('a thumb is the whole view\'s luma over 48 × 48 cells', async (t) => {
  const thumb = await thumbOf(await picture(41, 'bigBorder'));
  t.equal(thumb.length, THUMB_SIDE * THUMB_SIDE);
  t.ok(Math.max(...thumb) - Math.min(...thumb) > 60, 'lace on its ground: light and dark cells');
  const grey: RgbImage = { data: new Uint8Array(400 * 400 * 3).fill(90), width: 400, height: 400 };
  t.ok((await thumbOf(grey)).every((v) => v === 90), 'a grey picture: every cell its level');
});

t.test('a close-up is placed in its own picture, not in other designs of the same kind', async (t) => {
  for (const [seed, layout] of [[51, 'bigBorder'], [52, 'fabric'], [53, 'medallion']] as const) {
    const mine = await picture(seed, layout);
    const photo = photoWindows(await wholeView(await closeUp(mine, 120, 60, 0.5, 4)));
    t.equal(photo.windows.length, WINDOW_SCALES.length, 'a window of every scale');
    const own = windowAgreement(photo, await thumbOf(mine));
    t.ok(own > 0.7, `${layout} ${seed}: its own picture ${own.toFixed(3)}`);
    for (const other of [seed + 100, seed + 200, seed + 300]) {
      const theirs = windowAgreement(photo, await thumbOf(await picture(other, layout)));
      t.ok(theirs < own - 0.05, `${layout} ${other}: ${theirs.toFixed(3)} < ${own.toFixed(3)}`);
    }
  }
});

t.test('brighter, dimmer or a light falling off across the frame: the same agreement', async (t) => {
  const mine = await picture(61, 'bigBorder');
  const thumb = await thumbOf(mine);
  const view = await wholeView(await closeUp(mine, 200, 10, 0.5, -3));
  const base = windowAgreement(photoWindows(view), thumb);
  const lit: RgbImage = { ...view, data: view.data.map((v, i) => Math.min(255, Math.round(v * (0.5 + 0.4 * ((i / 3) % view.width) / view.width)))) };
  const dim = windowAgreement(photoWindows(lit), thumb);
  t.ok(Math.abs(dim - base) < 0.05, `dimmer and sloped: ${dim.toFixed(3)} against ${base.toFixed(3)}`);
});

t.test('withWindowCheck raises the product whose picture holds the photo; nothing without a thumb or a window', async (t) => {
  const mine = await picture(71, 'bigBorder'), other = await picture(72, 'bigBorder');
  const photo = photoWindows(await wholeView(await closeUp(mine, 80, 150, 0.5, 2)));
  const thumbs = new Map([[1, [{ view: 'full' as const, thumb: await thumbOf(mine) }]], [2, [{ view: 'full' as const, thumb: await thumbOf(other) }]]]);
  const hits = [{ productId: 2, score: 0.991, entry: 20 }, { productId: 1, score: 0.990, entry: 10 }, { productId: 3, score: 0.95, entry: 30 }];
  const check = { tau: 0.7, gamma: 0.9, top: 10, views: ['full' as const] };
  const out = withWindowCheck(hits, windowLook(photo, check), (id) => thumbs.get(id));
  t.same(out.map((h) => h.productId), [1, 2, 3], 'the close-up\'s own design first');
  t.ok(out[0].score > 0.99 && out[0].score <= 1, `its score raised, not past 1: ${out[0].score.toFixed(4)}`);
  t.equal(out[2].score, 0.95, 'a product without a thumb keeps its score');
  t.same(withWindowCheck(hits, windowLook(photo, { ...check, top: 1 }), (id) => thumbs.get(id)).map((h) => h.productId), [2, 1, 3], 'only the leading `top` are looked at');
  // The graph's estimate of a product past the exactly scored leaders can read above an exact score.
  const estimated = [...hits, { productId: 4, score: 0.993, entry: 40 }];
  t.same(withWindowCheck(estimated, windowLook(photo, { ...check, top: 3 }), (id) => thumbs.get(id)).map((h) => h.productId), [1, 2, 3, 4], 'the hits after the looked-at leaders keep their places after them');
  const flat = photoWindows({ data: new Uint8Array(160 * 160 * 3).fill(128), width: 160, height: 160 });
  t.equal(flat.windows.length, 0, 'a flat photo has no windows');
  t.equal(windowLook(flat, check), null, 'and the check has nothing to look with');
  t.same(withWindowCheck(hits, windowLook(flat, check), (id) => thumbs.get(id)), hits, 'so nothing changes');
});

t.test("WindowCheck.over: each of the photo's views meets only the thumbs it is paired with", async (t) => {
  const mine = await picture(71, 'bigBorder');
  const view = await wholeView(await closeUp(mine, 80, 150, 0.5, 2));
  // The same close-up, once as the photo ('full') and once as if it were the photo's piece.
  const asFull = photoWindows([view], undefined, ['full']), asPiece = photoWindows([view], undefined, ['piece']);
  t.ok(asFull.windows.every((w) => w.view === 'full') && asPiece.windows.every((w) => w.view === 'piece'), 'each window knows its view');
  const thumbs = new Map([[1, [{ view: 'full' as const, thumb: await thumbOf(mine) }]]]);
  const hits = [{ productId: 2, score: 0.991, entry: 20 }, { productId: 1, score: 0.990, entry: 10 }];
  const check = { tau: 0.7, gamma: 0.9, top: 10, views: ['full' as const, 'piece' as const], over: { full: ['full' as const], piece: ['tight' as const] } };
  t.equal(withWindowCheck(hits, windowLook(asFull, check), (id) => thumbs.get(id))[0].productId, 1, "the photo's windows meet the 'full' thumb and raise its product");
  t.same(withWindowCheck(hits, windowLook(asPiece, check), (id) => thumbs.get(id)), hits, "the piece's windows are not slid over a 'full' thumb: nothing changes");
  t.equal(withWindowCheck(hits, windowLook(asPiece, { ...check, over: undefined }), (id) => thumbs.get(id))[0].productId, 1, 'without the pairing every view meets every thumb');
  const untagged = photoWindows(view);
  t.equal(withWindowCheck(hits, windowLook(untagged, check), (id) => thumbs.get(id))[0].productId, 1, 'windows of no named view meet every thumb');
});

t.test('WindowCheck.seeThrough: a see-through piece is looked at among more products, by its large windows over the tight thumbs', async (t) => {
  // The piece's drawing as a query draws it (its threads in the lace's colour, turned square and cut to them),
  // here the catalogue's own drawing of it, a little blurred and JPEG'd, marked see-through as views.ts marks it.
  const drawing = async (seed: number) => {
    const made = await makeView(await picture(seed, 'medallion'), 'tightThreads', 160);
    const soft = await sharp(Buffer.from(made.data), { raw: { width: 160, height: 160, channels: 3 } }).blur(1).jpeg({ quality: 70 }).toBuffer();
    return { ...(await decodeUpload(soft)), seeThrough: true };
  };
  const tightOf = async (seed: number) => pictureThumb(await makeView(await picture(seed, 'medallion'), 'tight', 160));
  const piece = photoWindows([await drawing(81)], WINDOW_SCALES, ['piece']);
  t.ok(piece.windows.every((w) => w.seeThrough), "the drawing's windows are marked see-through");
  t.notOk(photoWindows([await wholeView(await picture(81, 'medallion'))]).windows.some((w) => w.seeThrough), 'a picture as it is: not marked');
  const check = { tau: 0.6, gamma: 0.8, top: 10, views: ['full' as const, 'piece' as const], seeThrough: { top: 300, minScale: 20 / 24, keep: 8, gamma: 0.9, thumbs: ['tight' as const] } };
  t.equal(seeThroughWindows(piece, check)?.windows.length, WINDOW_SCALES.filter((s) => s >= 20 / 24 - 1e-9).length, 'only its windows of 20/24 of the side and more');
  const look = windowLook(piece, check)!;
  t.same({ top: look.top, keep: look.keep, gamma: look.gamma, thumbs: look.thumbs }, { top: 300, keep: 8, gamma: 0.9, thumbs: ['tight'] }, 'it looks at the leading 300, over their tight thumbs, with its own keep and gamma');
  t.equal(look.windowsFor('tight').windows.length, seeThroughWindows(piece, check)!.windows.length, 'sliding its large windows over a tight thumb');
  t.equal(look.windowsFor('full').windows.length, 0, 'and none over a full one');
  t.equal(windowLook(piece, { ...check, seeThrough: undefined })!.top, 10, 'without the setting, the leading 10');
  const plain = windowLook(photoWindows(await wholeView(await picture(81, 'medallion'))), check)!;
  t.same({ top: plain.top, thumbs: plain.thumbs }, { top: 10, thumbs: ['full', 'tight'] }, 'a photo with no see-through piece: the leading 10, over both kinds of thumb');
  // 40 products: the piece's own design 31st on the fused score, each product with its tight thumb (and product 40, its own design's full thumb only).
  const thumbs = new Map<number, Array<{ view: 'tight' | 'full'; thumb: Uint8Array }>>();
  const hits = [];
  for (let i = 1; i <= 40; i++) {
    const seed = i === 31 ? 81 : 200 + i;
    thumbs.set(i, i === 40 ? [{ view: 'full', thumb: await thumbOf(await picture(81, 'medallion')) }] : [{ view: 'tight', thumb: await tightOf(seed) }]);
    hits.push({ productId: i, score: 0.98 - i * 0.0005, entry: i });
  }
  const out = withWindowCheck(hits, windowLook(piece, check), (id) => thumbs.get(id));
  t.equal(out[0].productId, 31, `its own design first (agreement ${windowAgreement(seeThroughWindows(piece, check)!, thumbs.get(31)![0].thumb).toFixed(3)})`);
  t.equal(out.find((h) => h.productId === 40)!.score, hits[39].score, "a product with no 'tight' thumb keeps its score");
  t.equal(withWindowCheck(hits, windowLook(piece, { ...check, seeThrough: undefined }), (id) => thumbs.get(id)).findIndex((h) => h.productId === 31), 30, 'without the setting it stays 31st: the leading 10 only are looked at');
});

t.test('a close-up marked see-through: the plain look over the leading 10 as well, and the thumbs it reads', async (t) => {
  // A close-up of a medallion on its own plain ground, whose piece a photo's views took for lace on a surface.
  const mine = await picture(91, 'medallion'), other = await picture(92, 'medallion');
  const view = await wholeView(await closeUp(mine, 60, 60, 0.5, 3));
  const photo = photoWindows([view, { ...view, seeThrough: true }], WINDOW_SCALES, ['full', 'piece']);
  const check = { tau: 0.6, gamma: 0.8, top: 10, views: ['full' as const, 'piece' as const], over: { full: ['full' as const] }, seeThrough: { top: 200, minScale: 22 / 24, keep: 2, gamma: 0.9, thumbs: ['tight' as const] } };
  const look = windowLook(photo, check)!;
  t.equal(look.top, 200, 'the see-through look over the leading 200');
  t.same({ top: look.lead?.top, thumbs: look.lead?.thumbs }, { top: 10, thumbs: ['full', 'tight'] }, 'and the plain look over the leading 10');
  const thumbsOfPicture = async (img: RgbImage) => [{ view: 'full' as const, thumb: await thumbOf(img) }, { view: 'tight' as const, thumb: pictureThumb(await makeView(img, 'tight', 160)) }];
  const thumbs = new Map([[1, await thumbsOfPicture(other)], [2, await thumbsOfPicture(mine)]]);
  const hits = [{ productId: 1, score: 0.991, entry: 10 }, { productId: 2, score: 0.990, entry: 20 }];
  t.equal(withWindowCheck(hits, look, (id) => thumbs.get(id))[0].productId, 2, 'its own design first');
  const own = windowAgreement(look.windowsFor('tight'), thumbs.get(2)![1].thumb, 2), theirs = windowAgreement(look.windowsFor('tight'), thumbs.get(1)![1].thumb, 2);
  t.ok(own < 0.8, `the large windows alone do not place it in its own tight thumb (${own.toFixed(3)}; the other design ${theirs.toFixed(3)})`);
  const ids = Array.from({ length: 30 }, (_, i) => i + 1);
  t.same(lookReads(look, ids), [{ ids, views: ['tight'] }, { ids: ids.slice(0, 10), views: ['full'] }], "it reads the leading 200's tight thumbs and the leading 10's full ones");
  t.same(lookReads(look.lead!, ids), [{ ids: ids.slice(0, 10), views: ['full', 'tight'] }], 'a plain look: both kinds of the leading 10');
});

/**
 * A 600×450 wood grain with a see-through lace of design `seed` and `layout` laid on it at 230 px, turned by
 * `deg`: the catalogue picture's threads only (how far each pixel's luma is from its ground's, the most common,
 * towards the threads'), so the wood shows between them.
 */
async function seeThroughOnWood(seed: number, layout: 'medallion' | 'fabric', deg: number): Promise<RgbImage> {
  const W = 600, H = 450, side = 230;
  const tones = [[150, 108, 64], [128, 90, 52], [170, 126, 80], [112, 78, 44]];
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) px.set(tones[((Math.floor((y + 4 * Math.sin(x / 17)) / 8) % 4) + 4) % 4], (y * W + x) * 3);
  const pic = await sharp(await renderLaceJpeg(designFor(seed, layout), '#f5f0e6', 'full', 400, 400)).resize(side, side).removeAlpha().raw().toBuffer();
  const n = side * side, lum = Float32Array.from({ length: n }, (_, i) => 0.299 * pic[i * 3] + 0.587 * pic[i * 3 + 1] + 0.114 * pic[i * 3 + 2]);
  const hist = new Uint32Array(64);
  for (const l of lum) hist[Math.min(63, l >> 2)]++;
  const ground = hist.indexOf(Math.max(...hist)) * 4 + 2, thread = Float32Array.from(lum).sort()[Math.floor(n * 0.99)];
  const rgba = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) rgba.set([pic[i * 3], pic[i * 3 + 1], pic[i * 3 + 2], Math.round(255 * Math.min(1, Math.max(0, (lum[i] - ground) / (thread - ground) - 0.08) * 1.8))], i * 4);
  const lace = await sharp(rgba, { raw: { width: side, height: side, channels: 4 } }).rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  return decodeUpload(await sharp(px, { raw: { width: W, height: H, channels: 3 } }).composite([{ input: lace, left: 200, top: 90 }]).jpeg({ quality: 88 }).toBuffer());
}

t.test('WindowCheck.seeThrough.turns: a round see-through piece, whose box does not tell its turn, is slid at other turns too', async (t) => {
  const turns = [-9, -6, -3, 0, 3, 6, 9];
  const medallion = await seeThroughOnWood(85, 'medallion', -8);
  const round = await findPiece(medallion, await findLace(medallion));
  t.ok(round && round.surface, 'a see-through medallion: a piece, drawn as its threads');
  t.ok(round!.turnSure < PIECE_ROUND, `its box hardly grows 5° either way (${round!.turnSure.toFixed(3)}): round`);
  const square = await seeThroughOnWood(21, 'fabric', 7);
  const fabric = await findPiece(square, await findLace(square));
  t.ok(fabric && fabric.turnSure > PIECE_ROUND, `a square piece's box does (${fabric?.turnSure.toFixed(3)}), and its turn is read from it (${fabric?.box.angle.toFixed(1)}° for 7°)`);
  t.ok(Math.abs(fabric!.box.angle - 7) < 1, 'within a degree');
  t.ok(Math.abs(round!.box.angle + 8) > 4, `the medallion's box is turned by ${round!.box.angle.toFixed(1)}° for −8°`);

  const views = ['full', 'piece', 'pieceInverse'] as const;
  const named = await makeNamedViews(medallion, views, 160, { dropUnneeded: true, turns });
  const piece = named.find((v) => v.view === 'piece')!;
  t.ok(piece.img.seeThrough && piece.turned && piece.turned.length >= turns.length - 1, `the medallion's piece is drawn at ${piece.turned?.length} other turns`);
  t.ok(piece.turned!.every((v) => v.img.seeThrough), 'each drawing marked see-through');
  t.notOk((await makeNamedViews(medallion, views, 160, { dropUnneeded: true })).some((v) => v.turned), 'none without the turns asked for');
  t.notOk((await makeNamedViews(square, views, 160, { dropUnneeded: true, turns })).some((v) => v.turned), "none for the square piece, whose turn is known");

  const windows = namedViewWindows(named);
  const turned = windows.windows.filter((w) => w.turned);
  t.ok(turned.length >= turns.length * TURNED_SCALES.length && turned.every((w) => w.seeThrough && w.n >= 2 * Math.round(12 * 2 * TURNED_SCALES[0]) - 1), 'the turned drawings\' windows: marked, at the largest scales only');
  const check = { tau: 0.6, gamma: 0.8, top: 10, views, over: { full: ['full' as const] }, seeThrough: { top: 200, minScale: 22 / 24, keep: 2, gamma: 0.9, thumbs: ['tight' as const], turns } };
  const look = windowLook(windows, check)!;
  t.ok(look.windowsFor('tight').windows.some((w) => w.turned), 'the see-through look slides them');
  t.notOk(windowLook(windows, { ...check, seeThrough: undefined })!.windowsFor('tight').windows.some((w) => w.turned), 'a plain look does not');

  // The medallion's own design against 11 other medallions' tight thumbs: with the other turns it agrees best with its own.
  const tightOf = async (seed: number) => pictureThumb(await makeView(await picture(seed, 'medallion'), 'tight', 160));
  const own = await tightOf(85);
  const others = await Promise.all(Array.from({ length: 11 }, (_, i) => tightOf(300 + i)));
  const alone = windowLook({ windows: windows.windows.filter((w) => !w.turned) }, check)!.windowsFor('tight');
  const withTurns = look.windowsFor('tight');
  const ownAlone = windowAgreement(alone, own, 2), ownTurned = windowAgreement(withTurns, own, 2);
  const best = Math.max(...others.map((th) => windowAgreement(withTurns, th, 2)));
  t.ok(ownTurned > ownAlone + 0.1, `its own design's agreement: ${ownAlone.toFixed(3)} at its box's turn (${round!.box.angle.toFixed(1)}°), ${ownTurned.toFixed(3)} with the other turns`);
  t.ok(ownTurned > best, `above every other medallion's (best ${best.toFixed(3)})`);
});

t.test('WindowCheck.seeThrough.jitter: a see-through piece cut a few pixels off its picture\'s frame meets it as one cut on it does', async (t) => {
  const jpeg = await renderLaceJpeg(designFor(61, 'smallBorder'), '#f5f0e6', 'full', 400, 400);
  const thumb = pictureThumb(await wholeView(await decodeUpload(jpeg)));
  // The piece's box 5 pixels in from the picture's top and left edges and 10 short of its side: a cell and a
  // quarter off at 48 cells, between the windows' whole-cell places.
  const off = { ...(await decodeUpload(await sharp(jpeg).extract({ left: 5, top: 5, width: 390, height: 390 }).resize(160, 160).jpeg({ quality: 85 }).toBuffer())), seeThrough: true };
  const jitter = { shifts: [-0.5, 0, 0.5], sizes: [0.98, 1, 1.02], minScale: 22 / 24 };
  const check = { tau: 0.6, gamma: 0.8, top: 10, views: ['piece' as const], seeThrough: { top: 200, minScale: 22 / 24, keep: 2, gamma: 0.95, thumbs: ['tight' as const] } };
  const plain = seeThroughWindows(photoWindows(off, WINDOW_SCALES, ['piece']), check)!;
  const jittered = seeThroughWindows(photoWindows(off, WINDOW_SCALES, ['piece'], jitter), check)!;
  t.equal(plain.windows.length, 3, 'without: its windows of 22/24, 23/24 and 24/24 of the side');
  t.equal(jittered.windows.length, 3 + 8 + 8 + 80, 'with: each also shifted by half a cell each way, the whole one stretched too');
  t.equal(jittered.windows.filter((w) => w.jittered && w.seeThrough).length, 96, 'those marked jittered');
  const before = windowAgreement(plain, thumb, 2), after = windowAgreement(jittered, thumb, 2);
  t.ok(before < 0.92 && after > 0.95, `agreement ${before.toFixed(3)} without, ${after.toFixed(3)} with`);
  const costly = windowAgreement(seeThroughWindows(photoWindows(off, WINDOW_SCALES, ['piece'], { ...jitter, cost: 0.02 }), check)!, thumb, 2);
  t.ok(Math.abs(costly - Math.max(before, after * 0.98)) < 1e-6, `a cost of 0.02 takes a fiftieth off what a jittered window reads (${costly.toFixed(3)})`);
  const on = { ...(await wholeView(await decodeUpload(jpeg))), seeThrough: true };
  const exact = windowAgreement(seeThroughWindows(photoWindows(on, WINDOW_SCALES, ['piece'], { ...jitter, cost: 0.02 }), check)!, thumb, 2);
  t.ok(exact > 0.99, `a piece cut on the frame keeps its own window's agreement (${exact.toFixed(3)})`);
  const notSeeThrough = photoWindows(await wholeView(await decodeUpload(jpeg)), WINDOW_SCALES, ['full'], jitter);
  t.equal(notSeeThrough.windows.length, WINDOW_SCALES.length, 'a photo as it is: no jittered windows');
  const named = namedViewWindows([{ view: 'piece', img: off }], jitter);
  t.equal(named.windows.length, WINDOW_SCALES.length + 96, 'namedViewWindows passes it on (the extraction threads draw them)');
  t.equal(named.windows.filter((w) => w.fine).length, 0, 'no fine cells on a piece not laid on a surface');
});

t.test("WindowCheck.seeThrough.colour: the lace's colour breaks a tie between designs alike in their threads", async (t) => {
  t.same(unpackLace(packLace([212, 175, 55])), [212, 175, 55], 'a colour stored and read back');
  t.equal(unpackLace(packLace(null)), null, 'not told: -1, read back as null');
  t.equal(unpackLace(null), undefined, 'a row stored before the colour was kept: undefined');
  const gold = labOf([212, 175, 55]), colour = { weight: 0.3, free: 10, gate: 0.03 };
  const thumb = new Uint8Array(THUMB_SIDE * THUMB_SIDE);
  t.equal(colourCost(gold, { view: 'tight', thumb, lace: [205, 170, 60] }, colour), 0, 'within ΔE 10: nothing');
  const green = colourCost(gold, { view: 'tight', thumb, lace: [46, 139, 87] }, colour);
  const d = Math.hypot(...labOf([46, 139, 87]).map((x, i) => x - gold[i]));
  t.ok(Math.abs(green - (0.3 * (d - 10)) / 100) < 1e-9, `beyond it, 0.3 × (ΔE − 10) / 100: ${green.toFixed(3)} at ΔE ${d.toFixed(1)}`);
  t.equal(colourCost(gold, { view: 'tight', thumb, lace: null }, colour), 0, 'a picture whose colour was not told: nothing');
  t.equal(colourCost(undefined, { view: 'tight', thumb, lace: [46, 139, 87] }, colour), 0, 'a photo without its lace colour: nothing');
  t.equal(colourCost(gold, { view: 'tight', thumb, lace: [46, 139, 87] }, undefined), 0, 'without the setting: nothing');

  // A medallion's piece as a query draws it, in gold, and two products with that very picture's tight thumb: one
  // whose threads are gold, one green. The look's agreement with the green one is less by its colour's cost.
  const made = await makeView(await picture(81, 'medallion'), 'tightThreads', 160);
  const piece = photoWindows([{ ...made, seeThrough: true, onSurface: true, lace: [212, 175, 55] }], WINDOW_SCALES, ['piece']);
  t.ok(piece.windows.every((w) => w.lace?.join() === '212,175,55'), "the drawing's windows carry its lace's colour");
  t.notOk(photoWindows([made], WINDOW_SCALES, ['full']).windows.some((w) => w.lace), 'a view not see-through: none');
  const tight = pictureThumb(await makeView(await picture(81, 'medallion'), 'tight', 160));
  const check = { tau: 0.6, gamma: 0.8, top: 10, views: ['piece' as const], seeThrough: { top: 200, minScale: 22 / 24, keep: 2, gamma: 0.95, thumbs: ['tight' as const], colour } };
  const look = windowLook(piece, check)!;
  t.ok(look.colour && Math.abs(look.colour.lab[0] - gold[0]) < 1e-9, 'the look takes the colour from its windows');
  const own = lookAgreement(look, [{ view: 'tight', thumb: tight, lace: [212, 175, 55] }]);
  const other = lookAgreement(look, [{ view: 'tight', thumb: tight, lace: [46, 139, 87] }]);
  t.ok(own > 0.9 && Math.abs(own - other - green) < 1e-9, `agreement ${own.toFixed(3)} in gold, ${other.toFixed(3)} in green`);
  const hits = [{ productId: 1, score: 0.97, entry: 1 }, { productId: 2, score: 0.971, entry: 2 }];
  const thumbs = new Map([[1, [{ view: 'tight' as const, thumb: tight, lace: [212, 175, 55] }]], [2, [{ view: 'tight' as const, thumb: tight, lace: [46, 139, 87] }]]]);
  t.same(withWindowCheck(hits, look, (id) => thumbs.get(id)).map((h) => h.productId), [1, 2], 'the gold one first, a little behind on the fused score');
  t.same(withWindowCheck(hits, windowLook(piece, { ...check, seeThrough: { ...check.seeThrough, colour: undefined } }), (id) => thumbs.get(id)).map((h) => h.productId), [2, 1], 'without the setting the fused order stands');
});
