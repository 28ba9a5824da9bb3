// The worker thread that runs the network: decoding views, tfjs inference and the colour and texture
// statistics all happen here, so the api's event loop only ever sees finished vectors.
import { parentPort, workerData } from 'node:worker_threads';
import { createExtractor } from './create-extractor';
import type { ExtractorOptions } from './extractor-options';
import { colourFree, describeViews } from './fused-descriptor';
import { fusedDim } from './fused-descriptor';
import { colourfulness } from './illumination';
import { initTf } from './tf-runtime';
import { MAX_QUERY_VIEWS, makeNamedViews, type ViewName, type ViewPart } from './views';
import type { RgbImage } from './types';
import { namedViewWindows, type PhotoWindows, type PieceJitter } from './window-check';

/**
 * `query`: views that do not apply to this photo (the focus views where the lace fills it) are left out and
 * at most MAX_QUERY_VIEWS are made, so fewer vectors than views can come back; for catalogue pictures every
 * view gives a vector, in order. `part`: only that share of the views (makeViews), in order. `windows`
 * (a query): of the views made, those whose windows the window check slides (window-check.ts): they come
 * back with the vectors, so that the api's thread does not draw a view (find the piece) a second time.
 * `turns` (with `windows`): a round see-through piece's other turns (WindowCheck.seeThrough.turns). `laceGate`
 * (with `windows`): the piece's windows keep the lace's colour where the photo is at least this colourful
 * (WindowCheck.seeThrough.colour.gate); without it they keep none.
 */
export type WorkerRequest = { id: number; type: 'describe'; image: RgbImage; views: ViewName[]; query?: boolean; part?: ViewPart; shapeOnly?: boolean; windows?: ViewName[]; turns?: number[]; jitter?: PieceJitter; laceGate?: number };
export type WorkerReply =
  | { type: 'ready'; name: string; dim: number; backend: string }
  | { type: 'failed'; error: string }
  | { id: number; type: 'vectors'; vectors: Float32Array[]; seeThrough?: boolean[]; colourFree?: Float32Array[]; windows?: PhotoWindows['windows']; ms: number }
  | { id: number; type: 'error'; error: string };

const port = parentPort;
if (!port) throw new Error('extract.worker must run in a worker thread');

const opts = workerData as ExtractorOptions;
const started = (async () => {
  const backend = await initTf(opts.backend);
  const extractor = await createExtractor(opts);
  port.postMessage({ type: 'ready', name: extractor.name, dim: fusedDim(extractor, opts.weights), backend } satisfies WorkerReply);
  return extractor;
})();
started.catch((err: Error) => port.postMessage({ type: 'failed', error: err.message } satisfies WorkerReply));

// One request at a time: tfjs in this thread is single-threaded anyway, and order keeps queries first.
let chain: Promise<void> = Promise.resolve();
port.on('message', (msg: WorkerRequest) => {
  chain = chain.then(async () => {
    const t0 = performance.now();
    try {
      const extractor = await started;
      const want = msg.windows;
      const turns = msg.query && want?.length ? msg.turns : undefined;
      const named = await makeNamedViews(msg.image, msg.views, extractor.inputSize, msg.query ? { dropUnneeded: true, max: MAX_QUERY_VIEWS, part: msg.part, turns } : { part: msg.part });
      const views = named.map((v) => v.img);
      // A query photo with little colour left, or searched by shape only, is described without its colour
      // histogram (fuse), and its piece's windows without the lace's colour (WindowCheck.seeThrough.colour). Each
      // thread decides from the whole photo, so all agree.
      const colour = msg.query && (opts.weights.colourGate || msg.laceGate !== undefined) ? colourfulness(msg.image) : 1;
      const withColour = !msg.query || (!msg.shapeOnly && (!opts.weights.colourGate || colour >= opts.weights.colourGate));
      const withLace = !!msg.query && withColour && msg.laceGate !== undefined && colour >= msg.laceGate;
      const windows = want?.length ? namedViewWindows(named.filter((v) => want.includes(v.view)), msg.query ? msg.jitter : undefined).windows.map(({ lace, ...w }) => (withLace && lace ? { ...w, lace } : w)) : undefined;
      const vectors = await describeViews(extractor, views, opts.weights, 8, withColour);
      // A query's views drawn as a see-through piece's threads: the client weighs the others (weighBesideThreads).
      const seeThrough = msg.query ? views.map((v) => !!v.seeThrough) : undefined;
      // A see-through piece on a patterned surface: searched without its colour too (FusionWeights.pieceColourFree).
      const free = msg.query && withColour && opts.weights.pieceColourFree ? vectors.flatMap((v, i) => (views[i].seeThrough && views[i].onSurface ? [colourFree(v, extractor.dim, opts.weights)] : [])) : [];
      port.postMessage({ id: msg.id, type: 'vectors', vectors, ...(seeThrough ? { seeThrough } : {}), ...(free.length ? { colourFree: free } : {}), ...(windows ? { windows } : {}), ms: performance.now() - t0 } satisfies WorkerReply, [...vectors, ...free].map((v) => v.buffer as ArrayBuffer));
    } catch (err) {
      port.postMessage({ id: msg.id, type: 'error', error: (err as Error).message } satisfies WorkerReply);
    }
  });
});
