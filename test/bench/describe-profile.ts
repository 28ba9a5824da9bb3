// Where one query's description time goes, in one thread: decode, finding the lace, making the views,
// the network, colour and texture. `tsx test/bench/describe-profile.ts [photos]`.
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { createExtractor } from '../../api/modules/search/engine/create-extractor';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { colourfulness, normalisedLuma } from '../../api/modules/search/engine/illumination';
import { initTf } from '../../api/modules/search/engine/tf-runtime';
import { findLace, makeViews, MAX_QUERY_VIEWS } from '../../api/modules/search/engine/views';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { TRANSFORMS, transform } from './image-search-transforms';

const n = Number(process.argv[2] ?? 24);
const settings = imageSearchSettings('/tmp');
await initTf(settings.backend);
const extractor = await createExtractor({ modelDir: '', inputSize: settings.inputSize, backend: settings.backend, weights: settings.weights, networkInput: settings.networkInput });
const t: Record<string, number[]> = { decode: [], findLace: [], views: [], network: [], network1: [], colour: [], texture: [], luma: [], colourfulness: [] };
for (let i = 0; i < n + 2; i++) {
  const picture = await renderLaceJpeg(designFor(100 + i, 'fabric'), '#f5f0e6', 'full', 512, 512);
  const photo = await transform(TRANSFORMS[i % TRANSFORMS.length], picture, new Rng(i));
  const a = performance.now();
  const img = await decodeUpload(photo);
  const b = performance.now();
  await findLace(img);
  const c = performance.now();
  const views = await makeViews(img, settings.queryViews, settings.inputSize, { dropUnneeded: true, max: MAX_QUERY_VIEWS });
  const d = performance.now();
  await extractor.extract(views);
  const e = performance.now();
  await extractor.extract(views.slice(0, 1));
  const f = performance.now();
  for (const v of views) colourHistogram(v);
  const g = performance.now();
  for (const v of views) textureDescriptor(v);
  const h = performance.now();
  // What issue 22 added: the network's input as normalised luma (per view), and the query's colourfulness (once).
  for (const v of views) normalisedLuma(v);
  const k = performance.now();
  colourfulness(img);
  const l = performance.now();
  if (i < 2) continue;
  t.decode.push(b - a); t.findLace.push(c - b); t.views.push(d - c); t.network.push(e - d); t.network1.push(f - e); t.colour.push(g - f); t.texture.push(h - g);
  t.luma.push(k - h); t.colourfulness.push(l - k);
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
for (const [k, xs] of Object.entries(t)) console.log(`${k.padEnd(10)} median ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms`);
console.log(`(views: ${MAX_QUERY_VIEWS} at ${settings.inputSize} px; network: all of them in one batch; network1: one view; luma: normalised luma of all views; colourfulness: once, of the decoded photo)`);
