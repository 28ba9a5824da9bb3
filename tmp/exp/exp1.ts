import { designFor, renderLaceJpeg, type LaceLayout } from '../../api/db/seed/lace-image';
import { Rng } from '../../api/db/seed/random';
import { MobileNetExtractor } from '../../api/modules/search/engine/mobilenet-extractor';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { CATALOGUE_VIEWS, makeViews, square } from '../../api/modules/search/engine/views';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { transform, TRANSFORMS } from '../../test/bench/image-search-transforms';
import { fuse } from '../../api/modules/search/engine/fused-descriptor';

const N = Number(process.argv[2] ?? 60);
const layouts: LaceLayout[] = ['fabric', 'bigBorder', 'smallBorder', 'eyelash', 'medallion'];
const colours = ['#f5f0e6', '#1b1b1b', '#c8102e', '#1f3a93', '#d4af37', '#7b2d8b', '#2e8b57', '#ff8c94'];
const SIZE = Number(process.env.SIZE ?? 160);
const ex = await MobileNetExtractor.load({ inputSize: SIZE });
console.log('backend', ex.backend, ex.dim);
type Entry = { pid: number; cnn: Float32Array; col: Float32Array; tex: Float32Array };
const entries: Entry[] = [];
const pics: Buffer[] = [];
let t0 = Date.now(); let tcnn = 0; let nviews = 0;
for (let i = 0; i < N; i++) {
  const r = new Rng(i + 1000);
  const d = designFor(i + 1, layouts[i % layouts.length]);
  const pic = await renderLaceJpeg(d, r.pick(colours), 'full', 512, 512);
  pics.push(pic);
  const img = await decodeUpload(pic);
  const views = await makeViews(img, CATALOGUE_VIEWS, SIZE);
  const t1 = Date.now();
  const cnn = await ex.extract(views);
  tcnn += Date.now() - t1; nviews += views.length;
  views.forEach((v, k) => entries.push({ pid: i, cnn: cnn[k], col: colourHistogram(v), tex: textureDescriptor(v) }));
}
console.log('index ms', Date.now() - t0, 'cnn ms/view', (tcnn / nviews).toFixed(1));
const configs: Array<[string, { cnn: number; colour: number; texture: number }]> = [
  ['cnn', { cnn: 1, colour: 0, texture: 0 }], ['c.7/.2/.1', { cnn: 0.7, colour: 0.2, texture: 0.1 }], ['c.6/.2/.2', { cnn: 0.6, colour: 0.2, texture: 0.2 }], ['c.8/.1/.1', { cnn: 0.8, colour: 0.1, texture: 0.1 }], ['c.5/.3/.2', { cnn: 0.5, colour: 0.3, texture: 0.2 }],
];
const QV = (process.env.QV ?? 'full').split(',') as never[];
const res: Record<string, Record<string, number[]>> = {};
for (const t of TRANSFORMS) {
  for (let i = 0; i < N; i++) {
    const q = await transform(t, pics[i], new Rng(i * 31 + 7));
    const img = await decodeUpload(q);
    const qviews = await makeViews(img, QV, SIZE);
    const cnns = await ex.extract(qviews);
    for (const [name, w] of configs) {
      const best = new Map<number, number>();
      qviews.forEach((v, qi) => {
      const qv = fuse(cnns[qi], colourHistogram(v), textureDescriptor(v), w);
      for (const e of entries) {
        const ev = fuse(e.cnn, e.col, e.tex, w);
        let s = 0; for (let k = 0; k < qv.length; k++) s += qv[k] * ev[k];
        if (s > (best.get(e.pid) ?? -9)) best.set(e.pid, s);
      }
      });
      const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
      const rank = ranked.indexOf(i);
      ((res[name] ??= {})[t] ??= []).push(rank);
    }
  }
}
for (const [name] of configs) {
  const row = TRANSFORMS.map((t) => { const ranks = res[name][t]; return `${t}:${(ranks.filter((r) => r === 0).length / ranks.length).toFixed(2)}/${(ranks.filter((r) => r < 10).length / ranks.length).toFixed(2)}`; });
  console.log(name.padEnd(10), row.join(' '));
}
