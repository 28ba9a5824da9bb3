// A worker thread of the image-search benchmark's indexing: renders a catalogue picture (unless given),
// hashes it for the baseline and computes the raw parts of every catalogue view (network vector, colour
// histogram, texture statistics, layout, each unfused), so the benchmark can cache them and fuse them with any
// weights. Two of these run side by side on a two-core machine.
import { parentPort, workerData } from 'node:worker_threads';
import { designFor, renderLaceJpeg, type LaceLayout } from '../../api/db/seed/lace-image';
import { colourHistogram, textureDescriptor } from '../../api/modules/search/engine/handcrafted';
import { layoutDescriptor } from '../../api/modules/search/engine/layout';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { MobileNetExtractor } from '../../api/modules/search/engine/mobilenet-extractor';
import type { TfBackend } from '../../api/modules/search/engine/tf-runtime';
import type { NetworkInput } from '../../api/modules/search/engine/mobilenet-extractor';
import { makeViews, type ViewName } from '../../api/modules/search/engine/views';
import { dHash, pHash } from './perceptual-hash';

export interface IndexWorkerData { inputSize: number; backend: TfBackend; input: NetworkInput }
export interface IndexRequest { id: number; seed: number; layout: LaceLayout; colour: string; picture: number; jpeg?: Uint8Array; views: ViewName[] }
export type IndexReply =
  | { type: 'ready'; name: string; dim: number; backend: string }
  | { type: 'failed'; error: string }
  /** parts: for each view, cnn (dim) then colour then texture then layout, one after the other */
  | { type: 'done'; id: number; jpeg: Uint8Array; d: bigint; p: bigint; parts: Float32Array; ms: number }
  | { type: 'error'; id: number; error: string };

const port = parentPort;
if (!port) throw new Error('image-search-index.worker must run in a worker thread');
const opts = workerData as IndexWorkerData;

const started = MobileNetExtractor.load({ inputSize: opts.inputSize, backend: opts.backend, input: opts.input });
started.then(
  (ex) => port.postMessage({ type: 'ready', name: ex.name, dim: ex.dim, backend: ex.backend } satisfies IndexReply),
  (err: Error) => port.postMessage({ type: 'failed', error: err.message } satisfies IndexReply),
);

let chain: Promise<void> = Promise.resolve();
port.on('message', (msg: IndexRequest) => {
  chain = chain.then(async () => {
    try {
      const extractor = await started;
      const jpeg = msg.jpeg ? Buffer.from(msg.jpeg.buffer, msg.jpeg.byteOffset, msg.jpeg.byteLength) : await renderLaceJpeg(designFor(msg.seed, msg.layout), msg.colour, 'full', msg.picture, msg.picture);
      const [d, p] = await Promise.all([dHash(jpeg), pHash(jpeg)]);
      const t0 = performance.now();
      const views = await makeViews(await decodeUpload(jpeg), msg.views, extractor.inputSize);
      const cnn = await extractor.extract(views);
      const parts: Float32Array[] = [];
      for (let k = 0; k < views.length; k++) parts.push(cnn[k], colourHistogram(views[k]), textureDescriptor(views[k]), layoutDescriptor(views[k]));
      const out = new Float32Array(parts.reduce((s, x) => s + x.length, 0));
      let off = 0;
      for (const x of parts) { out.set(x, off); off += x.length; }
      const ms = performance.now() - t0;
      const bytes = new Uint8Array(jpeg);
      port.postMessage({ type: 'done', id: msg.id, jpeg: bytes, d, p, parts: out, ms } satisfies IndexReply, [bytes.buffer, out.buffer]);
    } catch (err) {
      port.postMessage({ type: 'error', id: msg.id, error: (err as Error).message } satisfies IndexReply);
    }
  });
});
