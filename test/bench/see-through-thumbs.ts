// `tsx test/bench/see-through-thumbs.ts [--designs 2000] [--turns off]`: how well the window check's see-through
// look places the textured-backdrop row's see-through photos by their windows alone (no network, no fused
// score): the row's photos made as image-search.ts makes them (the same seeds, so the same photos as its
// textured row at this many designs), each see-through photo's windows drawn as the api's extraction threads draw
// them (views.ts makeNamedViews, window-check.ts namedViewWindows, the settings' window views and round turns),
// and the look's windows slid over every product's 'tight' thumb. Each line gives the lace's true turn and the
// one its piece read, the piece's turnSure, the own design's agreement, the best other design's and the own
// design's rank; each thumb's agreement less its colour's cost (WindowCheck.seeThrough.colour, as the look weighs
// it; `--colour off`: without, `--colour weight:free:gate`: in place of the settings'). `--turns off`: without WindowCheck.seeThrough.turns. `--jitter shifts:sizes:cost|off`: in place
// of WindowCheck.seeThrough.jitter. `--oracle-box`: each piece drawn in its true box instead of the one findPiece
// reads (a ceiling). BENCH_TEXTURED_PLAIN=1: the surfaces painted their mean colour (image-search-transforms.ts).
// Renders the catalogue's pictures once (about 2 minutes for 2,000 designs; kept under $TMPDIR/see-through-thumbs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { drawnPiece, drawPiece, findLace, findPiece, laceExtent, makeNamedViews, type NamedView } from '../../api/modules/search/engine/views';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { lookAgreement, namedViewWindows, viewThumbOf, windowLook, type ViewThumb } from '../../api/modules/search/engine/window-check';
import { colourfulness } from '../../api/modules/search/engine/illumination';
import { transform, type LaceTruth } from './image-search-transforms';
import { coloursOf, layoutOf, parseColour, parseJitter } from './bench-catalogue';

const arg = (name: string, fallback: string) => { const i = process.argv.indexOf(`--${name}`); return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback; };
const DESIGNS = Number(arg('designs', '2000'));
const settings = imageSearchSettings(os.tmpdir());
const check = settings.windowCheck!;
const turns = arg('turns', '') === 'off' ? undefined : check.seeThrough?.turns;
const DIR = path.join(os.tmpdir(), 'see-through-thumbs');
/** `--oracle-box`: the piece drawn in its true box (the lace's place and turn from the transformation, its picture's extent), both ways round. */
const ORACLE_BOX = process.argv.includes('--oracle-box');
const jitterOf = arg('jitter', '') ? parseJitter(arg('jitter', '')) : check.seeThrough?.jitter;
const jitter = jitterOf && check.seeThrough ? { ...jitterOf, minScale: check.seeThrough.minScale } : undefined;
const colour = arg('colour', '') ? parseColour(arg('colour', '')) : check.seeThrough?.colour;
const look = { ...check, seeThrough: check.seeThrough && { ...check.seeThrough, colour } };

/** The catalogue as image-search.ts makes it: each product's picture (kept on disk) and 'tight' thumb. */
async function catalogue(): Promise<Array<{ id: number; design: number; picture: Buffer; tight: ViewThumb }>> {
  fs.mkdirSync(DIR, { recursive: true });
  const out: Array<{ id: number; design: number; picture: Buffer; tight: ViewThumb }> = [];
  for (let i = 0; i < DESIGNS; i++) {
    for (const colour of coloursOf(i)) {
      const id = out.length + 1, file = path.join(DIR, `${i}-${colour.slice(1)}.jpg`);
      const picture = fs.existsSync(file) ? fs.readFileSync(file) : await renderLaceJpeg(designFor(50_000 + i, layoutOf(i)), colour, 'full', 400, 400);
      if (!fs.existsSync(file)) fs.writeFileSync(file, picture);
      out.push({ id, design: i, picture, tight: await viewThumbOf(await decodeUpload(picture), 'tight') });
    }
  }
  return out;
}

async function main() {
  const cat = await catalogue();
  // image-search.ts rowRng('texturedBackdrop') and nextQuery.
  const qr = new Rng('texturedBackdrop'.length * 1000 + 17);
  let photos = 0, noLook = 0, first = 0, inTen = 0;
  for (let q = 0; q < 100; q++) {
    const design = qr.int(0, DESIGNS - 1);
    const target = cat.find((c) => c.design === design)!;
    const truth: LaceTruth = {};
    const photo = await transform('texturedBackdrop', target.picture, new Rng(q * 97 + design), truth);
    if (!truth.seeThrough) continue;
    photos++;
    const img = await decodeUpload(photo);
    const piece = await findPiece(img, await findLace(img));
    const tag = `q${q} design ${design} (${layoutOf(design)}, ${truth.surface}): turn ${truth.angle!.toFixed(1)}°, read ${piece ? `${piece.box.angle.toFixed(1)}° (sure ${piece.turnSure.toFixed(3)})` : '-'}`;
    let named = await makeNamedViews(img, check.views, 160, { dropUnneeded: true, turns });
    if (ORACLE_BOX && piece?.surface && truth.place) {
      // The piece's box from the truth: its picture's laceExtent ('tight'), placed and turned as the lace was.
      const pic = await decodeUpload(target.picture);
      const e = await laceExtent(pic);
      const f = truth.place.side / pic.width, E = e ?? { left: 0, top: 0, width: pic.width, height: pic.height };
      const dx = (E.left + E.width / 2 - pic.width / 2) * f, dy = (E.top + E.height / 2 - pic.height / 2) * f;
      const a = (truth.angle! * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
      const box = { cx: truth.place.cx + c * dx - s * dy, cy: truth.place.cy + s * dx + c * dy, width: E.width * f, height: E.height * f, angle: truth.angle! };
      const drawing = await drawPiece(img, { ...piece, box }, 160);
      if (drawing.map) named = [false, true].map((inv): NamedView => ({ view: inv ? 'pieceInverse' : 'piece', img: { ...drawnPiece(drawing, 160, inv), seeThrough: true, onSurface: true } }));
    }
    // As the extraction thread: the lace's colour only on a photo at least the gate's colourful.
    const gated = colour && colourfulness(img) >= colour.gate;
    const windows = namedViewWindows(named, jitter).windows.map(({ lace, ...w }) => (gated && lace ? { ...w, lace } : w));
    const seen = windowLook({ windows }, look);
    if (!seen?.lead) { noLook++; console.log(`${tag}: no see-through look`); continue; }
    const agree = cat.map((c) => lookAgreement(seen, [c.tight]));
    const own = agree[target.id - 1];
    const others = agree.filter((_, i) => cat[i].design !== design);
    const rank = others.filter((a) => a > own).length + 1;
    if (rank === 1) first++;
    if (rank <= 10) inTen++;
    console.log(`${tag}: own ${own.toFixed(3)}, best other ${Math.max(...others).toFixed(3)}, rank ${rank}`);
  }
  console.log(`${photos} see-through photos of 100 against ${cat.length} products' tight thumbs${turns ? '' : ' (no round turns)'}, colour ${colour ? `${colour.weight}:${colour.free}:${colour.gate}` : 'off'}: no see-through look ${noLook}, own design first ${first}, in the first 10 ${inTen}`);
}
void main();
