// `--sweep 0.7:0.2:0.1:0:13,0.7:0.2:0.1:0.25:21`: the benchmark's queries answered by an exact scan under
// several descriptor settings at once, each cnn weight : colour weight : texture weight : hueSpread : the
// first N of the cached catalogue views. A query's network, colour and texture parts are computed once and
// its cosines with every cached catalogue view once per part, so a sweep costs little more than one setting
// (the fused cosine is the weighted sum of the parts' cosines). For choosing the defaults; logs recall per row.
// A sixth field, the colour gate: a query less colourful than it (illumination.ts) is scored without colour;
// a seventh, the layout's weight in the fused cosine (layout.ts; 0 = none); an eighth and ninth, tau and
// gamma (the `beta` field): a product whose best layout cosine l (the whole views of the query and of the
// product) passes tau has its distance to 1 shrunk by gamma · (l − tau) / (1 − tau) (layout.ts `boosted`); a
// tenth, N: l from the query's first N views only; an eleventh, p: where the photo has a see-through piece drawn as
// its threads (views.ts RgbImage.seeThrough), its other views' scores less p (the api scales those vectors by
// weights.besideThreads instead, which at these cosines comes to the same).
import { COLOUR_DIM, TEXTURE_DIM, colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { LAYOUT_DIM, layoutDescriptor } from '../../api/modules/search/engine/layout';
import { spreadHue } from '../../api/modules/search/engine/fused-descriptor';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { colourfulness } from '../../api/modules/search/engine/illumination';
import type { FeatureExtractor } from '../../api/modules/search/engine/types';
import { dotAt } from '../../api/modules/search/engine/types';
import { makeViews, type ViewName } from '../../api/modules/search/engine/views';

export interface SweepConfig { name: string; cnn: number; colour: number; texture: number; hueSpread: number; views: number; gate: number; layout: number; tau: number; beta: number; layoutViews: number; penalty: number }

export function parseSweep(arg: string, cachedViews: number): SweepConfig[] {
  return arg.split(',').filter(Boolean).map((name) => {
    const [cnn, colour, texture, hueSpread, views, gate, layout, tau, beta, layoutViews, penalty] = name.split(':').map(Number);
    if (![cnn, colour, texture, hueSpread].every(Number.isFinite)) throw new Error(`--sweep: "${name}" is not cnn:colour:texture:hueSpread[:views[:gate]]`);
    return { name, cnn, colour, texture, hueSpread, views: Math.min(cachedViews, views || cachedViews), gate: gate || 0, layout: layout || 0, tau: tau || 1, beta: beta || 0, layoutViews: layoutViews || Infinity, penalty: penalty || 0 };
  });
}

export interface SweepContext {
  extractor: FeatureExtractor;
  /** raw parts of every cached view of every product (id − 1), each view cnn | colour | texture */
  parts: Float32Array;
  products: number;
  cachedViews: number;
  queryViews: ViewName[];
  maxViews: number;
  /** per cached view, whether it is a whole-picture view (views.ts WHOLE_VIEWS): only those views' layout counts, as in the api */
  wholeViews: boolean[];
  /** told, for each query, the best layout cosine of its own product and of the best other product (first setting's views) */
  onLayout?: (own: number, other: number) => void;
}

/** A sweep over the catalogue: `rank(query, target)` gives the target's rank under each setting. */
export function sweeper(ctx: SweepContext, configs: SweepConfig[]) {
  const dim = ctx.extractor.dim, stride = dim + COLOUR_DIM + TEXTURE_DIM + LAYOUT_DIM, perProduct = ctx.cachedViews * stride;
  const spreads = [...new Set(configs.map((c) => c.hueSpread))];
  // The catalogue's colour parts under each hue spread, product-major like the parts.
  const colours = spreads.map((s) => {
    const out = new Float32Array(ctx.products * ctx.cachedViews * COLOUR_DIM);
    for (let p = 0; p < ctx.products; p++) {
      for (let v = 0; v < ctx.cachedViews; v++) {
        const o = p * perProduct + v * stride + dim;
        out.set(spreadHue(ctx.parts.subarray(o, o + COLOUR_DIM), s), (p * ctx.cachedViews + v) * COLOUR_DIM);
      }
    }
    return out;
  });
  const maxCv = Math.max(...configs.map((c) => c.views));
  const spreadOf = configs.map((c) => spreads.indexOf(c.hueSpread));
  return async (query: Buffer, target: number): Promise<number[]> => {
    const img = await decodeUpload(query);
    const cf = colourfulness(img);
    const views = await makeViews(img, ctx.queryViews, ctx.extractor.inputSize, { dropUnneeded: true, max: ctx.maxViews });
    const cnn = await ctx.extractor.extract(views);
    const best = configs.map(() => new Float32Array(ctx.products).fill(-Infinity));
    const bestLayout = configs.map(() => new Float32Array(ctx.products).fill(-Infinity));
    const colourCos = new Float32Array(spreads.length);
    const seeThrough = views.some((v) => v.seeThrough);
    for (let qv = 0; qv < views.length; qv++) {
      const texture = textureDescriptor(views[qv]);
      const layout = views[qv].whole ? layoutDescriptor(views[qv]) : null;
      const qc = colourHistogram(views[qv]);
      const qColours = spreads.map((s) => spreadHue(qc, s));
      for (let p = 0; p < ctx.products; p++) {
        for (let cv = 0; cv < maxCv; cv++) {
          const o = p * perProduct + cv * stride;
          const c = dotAt(ctx.parts, o, cnn[qv], 0, dim);
          const t = dotAt(ctx.parts, o + dim + COLOUR_DIM, texture, 0, TEXTURE_DIM);
          const l = layout && ctx.wholeViews[cv] ? dotAt(ctx.parts, o + dim + COLOUR_DIM + TEXTURE_DIM, layout, 0, LAYOUT_DIM) : 0;
          for (let s = 0; s < spreads.length; s++) colourCos[s] = dotAt(colours[s], (p * ctx.cachedViews + cv) * COLOUR_DIM, qColours[s], 0, COLOUR_DIM);
          for (let k = 0; k < configs.length; k++) {
            const w = configs[k];
            if (cv >= w.views) continue;
            const rest = w.cnn * c + w.texture * t + w.layout * l;
            const score = (w.penalty && seeThrough && !views[qv].seeThrough ? -w.penalty : 0) + (cf < w.gate ? rest / (w.cnn + w.texture + w.layout) : (rest + w.colour * colourCos[spreadOf[k]]) / (w.cnn + w.colour + w.texture + w.layout));
            if (score > best[k][p]) best[k][p] = score;
            if (qv < w.layoutViews && l > bestLayout[k][p]) bestLayout[k][p] = l;
          }
        }
      }
    }
    return best.map((b, k) => {
      const { tau, beta } = configs[k];
      if (beta > 0) for (let p = 0; p < ctx.products; p++) b[p] = 1 - (1 - b[p]) * (1 - beta * Math.max(0, (bestLayout[k][p] - tau) / (1 - tau)));
      if (k === 0 && ctx.onLayout) { let other = -Infinity; for (let p = 0; p < ctx.products; p++) if (p !== target - 1 && bestLayout[k][p] > other) other = bestLayout[k][p]; ctx.onLayout(bestLayout[k][target - 1], other); }
      const mine = b[target - 1];
      let above = 0;
      for (let p = 0; p < ctx.products; p++) if (b[p] > mine) above++;
      return above;
    });
  };
}
