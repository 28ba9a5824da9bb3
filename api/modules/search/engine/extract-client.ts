// The api's side of the extraction worker: a priority queue (searches before catalogue indexing) that feeds
// one worker thread one picture at a time. A queued search can be withdrawn before it starts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractorOptions } from './extractor-options';
import type { RgbImage } from './types';
import type { ViewName } from './views';
import type { WorkerReply, WorkerRequest } from './extract.worker';

export type Priority = 'query' | 'index';

interface Pending { id: number; priority: Priority; image: RgbImage; views: ViewName[]; resolve(v: Float32Array[]): void; reject(e: Error): void }

export interface ExtractorInfo { name: string; dim: number; backend: string }

/**
 * Where the worker's code is, and how to run it: the .ts source (under tsx or tap, whose loader a worker
 * does not inherit, so it is passed on), or a .js file next to a compiled build.
 */
function startWorker(workerData: ExtractorOptions): Worker {
  const ts = new URL('./extract.worker.ts', import.meta.url);
  if (fs.existsSync(fileURLToPath(ts))) {
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(ts.href)}); });`;
    return new Worker(boot, { eval: true, workerData });
  }
  return new Worker(new URL('./extract.worker.js', import.meta.url), { workerData });
}

export class ExtractClient {
  private worker: Worker | null = null;
  private ready: Promise<ExtractorInfo> | null = null;
  private queue: Pending[] = [];
  private inFlight: Pending | null = null;
  private nextId = 1;
  private closed = false;
  /** average milliseconds per request, for status and logs */
  avgMs = 0;

  constructor(private readonly opts: ExtractorOptions) {}

  /** Starts the worker (once) and resolves with the extractor's name and vector length. */
  start(): Promise<ExtractorInfo> {
    this.ready ??= new Promise<ExtractorInfo>((resolve, reject) => {
      const w = startWorker(this.opts);
      this.worker = w;
      w.unref();
      w.on('message', (msg: WorkerReply) => {
        if (msg.type === 'ready') return resolve({ name: msg.name, dim: msg.dim, backend: msg.backend });
        if (msg.type === 'failed') return reject(new Error(`image search model failed to load: ${msg.error}`));
        const job = this.inFlight;
        this.inFlight = null;
        if (job && job.id === msg.id) {
          if (msg.type === 'vectors') {
            this.avgMs = this.avgMs ? this.avgMs * 0.9 + msg.ms * 0.1 : msg.ms;
            job.resolve(msg.vectors);
          } else job.reject(new Error(msg.error));
        }
        this.pump();
      });
      w.on('error', (err) => {
        reject(err);
        this.failAll(err);
      });
      w.on('exit', (code) => {
        if (!this.closed) this.failAll(new Error(`image search worker exited with code ${code}`));
        this.worker = null;
      });
    });
    return this.ready;
  }

  /**
   * Fused descriptors of the given views of a picture: one per view for indexing; for a query, the first
   * MAX_QUERY_VIEWS views that apply to the photo (see FOCUS_VIEWS in views.ts).
   */
  describe(image: RgbImage, views: ViewName[], priority: Priority): { id: number; promise: Promise<Float32Array[]> } {
    const id = this.nextId++;
    const promise = new Promise<Float32Array[]>((resolve, reject) => {
      if (this.closed) return reject(new Error('image search is shut down'));
      const job: Pending = { id, priority, image, views, resolve, reject };
      // Searches go before every indexing job; within a priority, first come first served.
      if (priority === 'query') {
        const firstIndex = this.queue.findIndex((j) => j.priority === 'index');
        if (firstIndex < 0) this.queue.push(job);
        else this.queue.splice(firstIndex, 0, job);
      } else this.queue.push(job);
    });
    void this.start().then(() => this.pump(), () => undefined);
    return { id, promise };
  }

  /** Withdraws a queued request; false when it already started. */
  withdraw(id: number): boolean {
    const i = this.queue.findIndex((j) => j.id === id);
    if (i < 0) return false;
    const [job] = this.queue.splice(i, 1);
    job.reject(new Error('withdrawn'));
    return true;
  }

  get queued(): number { return this.queue.length + (this.inFlight ? 1 : 0); }

  private pump(): void {
    if (this.inFlight || !this.worker) return;
    const job = this.queue.shift();
    if (!job) return;
    this.inFlight = job;
    const copy = new Uint8Array(job.image.data);
    const req: WorkerRequest = { id: job.id, type: 'describe', image: { data: copy, width: job.image.width, height: job.image.height }, views: job.views, query: job.priority === 'query' };
    this.worker.postMessage(req, [copy.buffer]);
  }

  private failAll(err: Error): void {
    const all = [...this.queue, ...(this.inFlight ? [this.inFlight] : [])];
    this.queue = [];
    this.inFlight = null;
    for (const j of all) j.reject(err);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('image search is shut down'));
    if (this.worker) await this.worker.terminate();
    this.worker = null;
  }
}
