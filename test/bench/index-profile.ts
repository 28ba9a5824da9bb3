// Where indexing one catalogue picture's time goes, in one thread, as the api indexes it: reading the
// stored JPEG (decode to the 640 px working copy), making each catalogue view, the network (all views in
// batches of 8, as the worker runs them, and one view alone), colour and texture.
// `tsx test/bench/index-profile.ts [pictures]` (seeded-size pictures, 800×800 like the demo catalogue).
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { createExtractor } from '../../api/modules/search/engine/create-extractor';
import { describeViews } from '../../api/modules/search/engine/fused-descriptor';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { initTf } from '../../api/modules/search/engine/tf-runtime';
import { makeView, makeViews, type ViewName } from '../../api/modules/search/engine/views';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';

const n = Number(process.argv[2] ?? 6);
const side = Number(process.argv[3] ?? 800);
const settings = imageSearchSettings('/tmp');
await initTf(settings.backend);
const extractor = await createExtractor({ modelDir: '', inputSize: settings.inputSize, backend: settings.backend, weights: settings.weights, networkInput: settings.networkInput });
const limits = { maxBytes: 60 * 1024 * 1024, maxSide: 20_000, maxPixels: 120_000_000, workSide: 640 };
const views = settings.catalogueViews;
const perView = new Map<ViewName, number[]>(views.map((v) => [v, []]));
const t: Record<string, number[]> = { decode: [], allViews: [], networkBatched: [], network1: [], colour: [], texture: [], describeViews: [] };
for (let i = 0; i < n + 1; i++) {
  const jpeg = await renderLaceJpeg(designFor(200 + i, 'fabric'), '#f5f0e6', 'full', side, side);
  const a = performance.now();
  const img = await decodeUpload(jpeg, limits);
  const b = performance.now();
  const made = await makeViews(img, views, settings.inputSize);
  const c = performance.now();
  for (let k = 0; k < made.length; k += 8) await extractor.extract(made.slice(k, k + 8));
  const d = performance.now();
  await extractor.extract(made.slice(0, 1));
  const e = performance.now();
  for (const v of made) colourHistogram(v);
  const f = performance.now();
  for (const v of made) textureDescriptor(v);
  const g = performance.now();
  await describeViews(extractor, made, settings.weights);
  const h = performance.now();
  const one: Array<[ViewName, number]> = [];
  for (const v of views) {
    const s = performance.now();
    await makeView(img, v, settings.inputSize);
    one.push([v, performance.now() - s]);
  }
  if (i === 0) continue; // warm-up
  t.decode.push(b - a); t.allViews.push(c - b); t.networkBatched.push(d - c); t.network1.push(e - d); t.colour.push(f - e); t.texture.push(g - f); t.describeViews.push(h - g);
  for (const [v, ms] of one) perView.get(v)!.push(ms);
}
const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`${n} pictures ${side}×${side}, ${views.length} views at ${settings.inputSize} px, one thread (medians)`);
for (const [k, xs] of Object.entries(t)) console.log(`${k.padEnd(15)} ${med(xs).toFixed(1)} ms a picture${k === 'network1' ? '' : `, ${(med(xs) / (k === 'decode' ? 1 : views.length)).toFixed(1)} ms ${k === 'decode' ? 'once' : 'a view'}`}`);
console.log('making one view alone (ms):', views.map((v) => `${v} ${med(perView.get(v)!).toFixed(1)}`).join(', '));
