// `tsx test/bench/see-through-alpha-box.ts` (ALPHAS=85,128): a see-through piece and a catalogue thumb cut by one
// rule that reads only how much of a pixel is thread (threads.ts threadMap's alpha, the same whatever the ground):
// the box around the pixels at least ALPHA thread (of 255), 0.4 % trimmed at each side; on the photo's side within
// the piece's box grown by a quarter and turned as findPiece reads it (no round turns), on the picture's side
// against its own ground, with no "all lace" line (laceExtent's). For the textured-backdrop row's see-through photos
// at 2,000 designs (seeded as see-through-thumbs.ts), each photo's rank among the
// 2,400 products by the engine's look over the 'tight' thumbs and by the rule's piece over the rule's thumbs, with and
// without WindowCheck.seeThrough.jitter (half a cell, 0.98-1.02, cost 0.015). Renders the pictures once into
// see-through-thumbs.ts' folder ($TMPDIR/see-through-thumbs).
// Measured in session 39 (docs/benchmarks.md "Image search: session 39").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import type { RgbImage } from '../../api/modules/search/engine/types';
import { findLace, findPiece, groundOf, makeNamedViews, square } from '../../api/modules/search/engine/views';
import { colouredThreadPicture, threadMap, type Surface } from '../../api/modules/search/engine/threads';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { WINDOW_SCALES, namedViewWindows, photoWindows, pictureThumb, seeThroughWindows, viewThumb, windowAgreement, windowLook } from '../../api/modules/search/engine/window-check';
import { transform, type LaceTruth } from './image-search-transforms';
import { coloursOf, layoutOf } from './bench-catalogue';

const DESIGNS = 2000;
const check = imageSearchSettings(os.tmpdir()).windowCheck!;
const DIR = path.join(os.tmpdir(), 'see-through-thumbs');
const AS = (process.env.ALPHAS ?? '85,128').split(',').map(Number);
const raw = (img: RgbImage) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 3 } });
async function toRgb(s: Sharp): Promise<RgbImage> { const { data, info } = await s.removeAlpha().raw().toBuffer({ resolveWithObject: true }); return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }; }

/** The box around the pixels at least `a` thread (of 255), 0.4 % trimmed at each side; in the map's pixels. */
function alphaBox(alpha: Uint8Array, w: number, h: number, a: number, valid: (x: number, y: number) => boolean = () => true) {
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (alpha[y * w + x] >= a && valid(x, y)) { xs.push(x); ys.push(y); }
  if (xs.length < 50) return null;
  xs.sort((p, q) => p - q); ys.sort((p, q) => p - q);
  const lo = Math.floor(xs.length * 0.004), hi = xs.length - 1 - lo;
  return { x0: xs[lo], x1: xs[hi] + 1, y0: ys[lo], y1: ys[hi] + 1 };
}

async function catalogueThumbs(picture: RgbImage): Promise<Map<number, Uint8Array>> {
  const k = 160 / Math.max(picture.width, picture.height);
  const small = await toRgb(raw(picture).resize(Math.round(picture.width * k), Math.round(picture.height * k), { fit: 'fill' }));
  const map = threadMap(small, groundOf(small));
  const out = new Map<number, Uint8Array>();
  for (const a of AS) {
    const b = map ? alphaBox(map.alpha, small.width, small.height, a) : null;
    const cut = b ? await toRgb(raw(picture).extract({ left: Math.floor(b.x0 / k), top: Math.floor(b.y0 / k), width: Math.min(picture.width - Math.floor(b.x0 / k), Math.ceil((b.x1 - b.x0) / k)), height: Math.min(picture.height - Math.floor(b.y0 / k), Math.ceil((b.y1 - b.y0) / k)) })) : picture;
    out.set(a, pictureThumb(await square(cut, 160)));
  }
  return out;
}

async function pieceDrawings(img: RgbImage, a: number): Promise<RgbImage[] | null> {
  const piece = await findPiece(img, await findLace(img));
  if (!piece?.surface) return null;
  const b = piece.box, surface: Surface = piece.surface;
  const d = Math.ceil(Math.hypot(b.width, b.height) * 1.5) + 4;
  const left = Math.round(b.cx - d / 2), top = Math.round(b.cy - d / 2);
  const pad = { left: Math.max(0, -left), top: Math.max(0, -top), right: Math.max(0, left + d - img.width), bottom: Math.max(0, top + d - img.height) };
  const around = await toRgb(raw(img).extract({ left: Math.max(0, left), top: Math.max(0, top), width: Math.min(img.width, left + d) - Math.max(0, left), height: Math.min(img.height, top + d) - Math.max(0, top) }).extend({ ...pad, extendWith: 'mirror' }));
  const turned = await toRgb(raw(around).rotate(-b.angle, { background: '#808080' }));
  const ang = (b.angle * Math.PI) / 180, c = Math.cos(ang), s = Math.sin(ang);
  const gw = Math.min(turned.width, Math.round(b.width * 1.5)), gh = Math.min(turned.height, Math.round(b.height * 1.5));
  const gl = Math.round((turned.width - gw) / 2), gt = Math.round((turned.height - gh) / 2);
  const k = 160 / Math.max(gw, gh);
  const sw = Math.max(16, Math.round(gw * k)), sh = Math.max(16, Math.round(gh * k));
  const small = await toRgb(raw(turned).extract({ left: gl, top: gt, width: gw, height: gh }).resize(sw, sh, { fit: 'fill' }));
  const map = threadMap(small, surface, !surface.plain);
  if (!map) return null;
  const valid = (x: number, y: number) => {
    const tx = gl + (x + 0.5) / k - turned.width / 2, ty = gt + (y + 0.5) / k - turned.height / 2;
    const px = b.cx + c * tx - s * ty, py = b.cy + s * tx + c * ty;
    return px >= 0 && py >= 0 && px < img.width && py < img.height;
  };
  const box = alphaBox(map.alpha, sw, sh, a, valid);
  if (!box) return null;
  const l = gl + Math.floor(box.x0 / k), t = gt + Math.floor(box.y0 / k);
  const cut = await square(await toRgb(raw(turned).extract({ left: l, top: t, width: Math.min(turned.width - l, Math.ceil((box.x1 - box.x0) / k)), height: Math.min(turned.height - t, Math.ceil((box.y1 - box.y0) / k)) })), 160);
  const m = threadMap(cut, surface, !surface.plain);
  if (!m) return null;
  return [false, true].map((inv) => ({ ...colouredThreadPicture(m, 160, 160, inv), seeThrough: true }));
}

const cat: Array<{ id: number; design: number; tight: Uint8Array; alpha: Map<number, Uint8Array> }> = [];
for (let i = 0; i < DESIGNS; i++) {
  for (const colour of coloursOf(i)) {
    const file = path.join(DIR, `${i}-${colour.slice(1)}.jpg`);
    const picture = fs.existsSync(file) ? fs.readFileSync(file) : await renderLaceJpeg(designFor(50_000 + i, layoutOf(i)), colour, 'full', 400, 400);
    if (!fs.existsSync(file)) { fs.mkdirSync(DIR, { recursive: true }); fs.writeFileSync(file, picture); }
    const img = await decodeUpload(picture);
    cat.push({ id: cat.length + 1, design: i, tight: await viewThumb(img, 'tight'), alpha: await catalogueThumbs(img) });
  }
}
console.log('catalogue', cat.length);
const qr = new Rng('texturedBackdrop'.length * 1000 + 17);
const tally = new Map<string, { first: number; ten: number; none: number }>();
const add = (key: string, rank: number | null) => { const t = tally.get(key) ?? { first: 0, ten: 0, none: 0 }; if (rank === null) t.none++; else { if (rank === 1) t.first++; if (rank <= 10) t.ten++; } tally.set(key, t); };
const jit = { shifts: [-0.5, 0, 0.5], sizes: [0.98, 1, 1.02], cost: 0.015, minScale: check.seeThrough!.minScale };
for (let q = 0; q < 100; q++) {
  const design = qr.int(0, DESIGNS - 1);
  const target = cat.find((c) => c.design === design)!;
  const truth: LaceTruth = {};
  const picture = fs.readFileSync(path.join(DIR, `${design}-${coloursOf(design)[0].slice(1)}.jpg`));
  const photo = await transform('texturedBackdrop', picture, new Rng(q * 97 + design), truth);
  if (!truth.seeThrough) continue;
  const img = await decodeUpload(photo);
  const rankOf = (agree: number[]) => { const own = agree[target.id - 1]; return agree.filter((x, i) => cat[i].design !== design && x > own).length + 1; };
  const look = windowLook(namedViewWindows(await makeNamedViews(img, check.views, 160, { dropUnneeded: true, turns: check.seeThrough?.turns })), check);
  const base = look?.lead ? rankOf(cat.map((c) => windowAgreement(look.windowsFor('tight'), c.tight, look.keep))) : null;
  add('engine', base);
  const line = [`q${q} ${layoutOf(design)} ${truth.surface}: engine ${base ?? '-'}`];
  for (const a of AS) {
    const drawings = await pieceDrawings(img, a);
    for (const [name, j] of [['', undefined], [' jitter', jit]] as const) {
      const ws = drawings ? seeThroughWindows(photoWindows(drawings, WINDOW_SCALES, ['piece', 'pieceInverse'], j), check) : null;
      const r = ws ? rankOf(cat.map((c) => windowAgreement(ws, c.alpha.get(a)!, check.seeThrough!.keep))) : null;
      add(`alpha ${a}${name}`, r);
      line.push(`a${a}${name} ${r ?? '-'}`);
    }
  }
  console.log(line.join(', '));
}
for (const [k, v] of tally) console.log(`${k}: first ${v.first}, in the first 10 ${v.ten}, no look ${v.none}`);
