// `npx tsx test/bench/match-thresholds.ts [--designs 40] [--network-input rgb|luma] [--colour-gate 0.1] [--no-lace 24] [--kinds identity,warmLight] [--dump file.json]`
// The similarities purchase-request matching (MatchLimits in isomorphic/domain/purchase.ts: showMin,
// inboxMin, inboxMargin) and the weak-match notice (Limits.weakMatchSimilarity) are set against, for one
// engine: generated lace designs indexed as the api indexes them (all catalogue views, exact scan), and
// buyers' photos of them described as the api describes a query (its views, its colour gate). Logs, per kind
// of photo, the score of the product it shows and of the best other design, and the best score of photos
// with no lace at all (a plain cloth, a flat colour, a knit, denim, wood, a print), then what each threshold
// lets through. Counts, not timings: it need not run on a quiet machine. `--dump file.json` also writes, for
// every photo, its sorted top MatchLimits.candidates product scores (what the api's run sees) with, for a
// lace photo, its kind, design and own product's rank and score: test/bench/match-rules.ts reads it.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { describeViews } from '../../api/modules/search/engine/fused-descriptor';
import { FlatIndex } from '../../api/modules/search/engine/flat-index';
import { colourfulness } from '../../api/modules/search/engine/illumination';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { MobileNetExtractor, type NetworkInput } from '../../api/modules/search/engine/mobilenet-extractor';
import { MAX_QUERY_VIEWS, makeViews } from '../../api/modules/search/engine/views';
import { imageSearchSettings, layoutScoringOf } from '../../api/modules/search/image-search.settings';
import { MatchLimits } from '../../isomorphic/domain/purchase';
import { backdrop, texturedSurface, transform, type TransformName } from './image-search-transforms';
import { coloursOf, layoutOf } from './bench-catalogue';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const DESIGNS = Number(arg('designs', '40'));
/** `--no-lace N`: photos with no lace, a quarter flat colours, a quarter plain weaves or tables, half busy surfaces (default 24). */
const NO_LACE = Number(arg('no-lace', '24'));
const base = imageSearchSettings(os.tmpdir());
const settings = imageSearchSettings(os.tmpdir(), {
  ...(arg('network-input', '') ? { networkInput: arg('network-input', '') as NetworkInput } : {}),
  weights: { ...base.weights, ...(arg('colour-gate', '') ? { colourGate: Number(arg('colour-gate', '')) } : {}) },
});
/** `--kinds`: only these kinds of buyer photo (default all nine). */
const KINDS = (arg('kinds', '') ? arg('kinds', '').split(',') : ['identity', 'crop50', 'lighting', 'warmLight', 'coolLight', 'background', 'texturedBackdrop', 'closeUp', 'phone']) as TransformName[];
const f3 = (x: number) => x.toFixed(3);
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

const extractor = await MobileNetExtractor.load({ inputSize: settings.inputSize, backend: settings.backend, input: settings.networkInput });
console.log(`${extractor.name}, weights ${JSON.stringify(settings.weights)}, ${DESIGNS} designs, ${settings.catalogueViews.length} catalogue views`);
const pictures: Buffer[] = [];
const catalogue: Float32Array[][] = [];
for (let i = 0; i < DESIGNS; i++) {
  const colour = coloursOf(i)[0];
  const picture = await renderLaceJpeg(designFor(50_000 + i, layoutOf(i)), colour, 'full', 400, 400);
  pictures.push(picture);
  const views = await makeViews(await decodeUpload(picture), settings.catalogueViews, extractor.inputSize);
  catalogue.push(await describeViews(extractor, views, settings.weights));
}
const flat = new FlatIndex(catalogue[0][0].length, DESIGNS * settings.catalogueViews.length);
// A buyer's search is boosted by the layout, as the api's (ImageIndexService.nearest).
const layout = layoutScoringOf(catalogue[0][0].length, settings);
catalogue.forEach((v, i) => flat.add(i + 1, v));

const describeQuery = async (photo: Buffer) => {
  const img = await decodeUpload(photo);
  const views = await makeViews(img, settings.queryViews, extractor.inputSize, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  const withColour = !settings.weights.colourGate || colourfulness(img) >= settings.weights.colourGate;
  return describeViews(extractor, views, settings.weights, 8, withColour);
};

/** One photo in the dump: its top scores (best first); for lace, its own product's rank (1-based, 0 if absent) and score; for no lace, its number (Rng(77000 + photo)). */
interface DumpedPhoto { lace: boolean; kind: string; design?: number; photo?: number; ownRank?: number; ownScore?: number; scores: number[] }
const dump: DumpedPhoto[] = [];
const top = (hits: Array<{ score: number }>) => hits.slice(0, MatchLimits.candidates).map((h) => Number(h.score.toFixed(5)));

const own: number[] = [], others: number[] = [], margins: number[] = [];
const lines: string[] = [];
for (const kind of KINDS) {
  const o: number[] = [], d: number[] = [];
  let first = 0;
  for (let i = 0; i < DESIGNS; i++) {
    const photo = await transform(kind, pictures[i], new Rng(31_000 + i * 13 + kind.length));
    const hits = flat.search(await describeQuery(photo), DESIGNS, undefined, layout);
    const mine = hits.find((h) => h.productId === i + 1)?.score ?? 0;
    const best = hits.find((h) => h.productId !== i + 1)?.score ?? 0;
    o.push(mine); d.push(best);
    const rank = hits.findIndex((h) => h.productId === i + 1) + 1;
    dump.push({ lace: true, kind, design: i, ownRank: rank, ownScore: Number(mine.toFixed(5)), scores: top(hits) });
    if (hits[0]?.productId === i + 1) first++;
    margins.push(mine - best);
  }
  own.push(...o); others.push(...d);
  lines.push(`${kind.padEnd(17)} own product min ${f3(Math.min(...o))} median ${f3(pct(o, 0.5))}; best other design median ${f3(pct(d, 0.5))} max ${f3(Math.max(...d))}; own first ${first}/${DESIGNS}; own ≥ showMin ${o.filter((x) => x >= MatchLimits.showMin).length}, ≥ inboxMin ${o.filter((x) => x >= MatchLimits.inboxMin).length}`);
  console.log(lines[lines.length - 1]);
}
// Photos with no lace: flat colours (the integration test's cloth), a plain weave or a table, busy surfaces.
const plain: Array<{ what: string; score: number; i: number }> = [];
for (let i = 0; i < NO_LACE; i++) {
  const r = new Rng(77_000 + i);
  let photo: Buffer;
  let what: string;
  if (i < NO_LACE / 4) {
    const c = { r: r.int(30, 245), g: r.int(30, 245), b: r.int(30, 245) };
    photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: i === 0 ? '#f3ece2' : c } }).jpeg().toBuffer();
    what = 'flat colour';
  } else if (i < NO_LACE / 2) {
    const b = backdrop(r, 400, 400);
    photo = await sharp(b.data, { raw: { width: 400, height: 400, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    what = 'plain weave or table';
  } else {
    const s = texturedSurface(r, 400, 400);
    photo = await sharp(s.data, { raw: { width: 400, height: 400, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    what = s.kind;
  }
  const hits = flat.search(await describeQuery(photo), MatchLimits.candidates, undefined, layout);
  plain.push({ what, score: hits[0]?.score ?? 0, i });
  dump.push({ lace: false, kind: what, photo: i, scores: top(hits) });
}
const byWhat = new Map<string, number[]>();
for (const p of plain) byWhat.set(p.what, [...(byWhat.get(p.what) ?? []), p.score]);
for (const [what, s] of byWhat) console.log(`no lace, ${what.padEnd(20)} best product ${s.map(f3).join(' ')}`);
const maxPlain = Math.max(...plain.map((p) => p.score));
console.log(`no lace, highest: ${[...plain].sort((a, b) => b.score - a.score).slice(0, 5).map((p) => `#${p.i} ${p.what} ${f3(p.score)}`).join(', ')} (photo #i is drawn from Rng(77000 + i))`);
console.log(`summary: own product median ${f3(pct(own, 0.5))}, 5th percentile ${f3(pct(own, 0.05))}; best other design median ${f3(pct(others, 0.5))}, 95th percentile ${f3(pct(others, 0.95))}, max ${f3(Math.max(...others))}; no lace max ${f3(maxPlain)}`);
for (const t of [0.9, 0.93, 0.95, 0.96, 0.965, 0.97, 0.975, 0.98, 0.985]) {
  console.log(`  at ${t.toFixed(3)}: own products ${(own.filter((x) => x >= t).length / own.length).toFixed(2)}, photos with no lace ${plain.filter((p) => p.score >= t).length}/${plain.length}`);
}
if (arg('dump', '')) {
  writeFileSync(arg('dump', ''), JSON.stringify({ engine: extractor.name, weights: settings.weights, designs: DESIGNS, photos: dump }));
  console.log(`dumped ${dump.length} photos to ${arg('dump', '')}`);
}
extractor.dispose();
