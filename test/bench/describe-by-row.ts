// How long the extraction threads take to describe a photo, by transformation, with nothing else running:
// `tsx test/bench/describe-by-row.ts [photos per row]`. The photos are the bench's (generated designs,
// transformed as image-search-transforms.ts), described as the api does (ExtractClient, the query views,
// the window views), one at a time.
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { ExtractClient } from '../../api/modules/search/engine/extract-client';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { imageSearchSettings } from '../../api/modules/search/image-search.settings';
import { TRANSFORMS, transform } from './image-search-transforms';

const n = Number(process.argv[2] ?? 4);
const settings = imageSearchSettings('/tmp');
const client = new ExtractClient({ modelDir: '', inputSize: settings.inputSize, backend: settings.backend, weights: settings.weights, networkInput: settings.networkInput }, { threads: settings.extractThreads, indexThreads: 1 });
await client.start();
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const picture = async (i: number) => renderLaceJpeg(designFor(100 + i, 'fabric'), '#f5f0e6', 'full', 512, 512);
for (let i = 0; i < 3; i++) await client.describe(await decodeUpload(await picture(i)), settings.queryViews, 'query', false, settings.windowCheck?.views, settings.windowCheck?.seeThrough).promise;
const all: number[] = [];
for (const name of TRANSFORMS) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const photo = await transform(name, await picture(i), new Rng(7_000 + i));
    const t = performance.now();
    await client.describe(await decodeUpload(photo), settings.queryViews, 'query', false, settings.windowCheck?.views, settings.windowCheck?.seeThrough).promise;
    ms.push(performance.now() - t);
  }
  all.push(...ms);
  console.log(`${name.padEnd(18)} median ${pct(ms, 0.5).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
}
console.log(`all ${all.length}: median ${pct(all, 0.5).toFixed(0)} ms, p95 ${pct(all, 0.95).toFixed(0)} ms`);
await client.close();
process.exit(0);
