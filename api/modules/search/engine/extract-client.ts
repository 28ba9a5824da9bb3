// The api's side of the extraction workers: a priority queue (searches before catalogue indexing) that
// feeds a small pool of worker threads one task at a time. A search's views are shared out over all the
// threads, so a query takes about 1/threads of the time a single thread would. Catalogue indexing is cut
// into one task per view and runs on the first `indexThreads` threads (by default all of them): a search
// that arrives goes before every indexing task still queued, so it waits at most for the one view each
// thread is describing (about 40 ms), and indexing keeps every core busy while no search waits. A queued
// request can be withdrawn before any of its work starts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractorOptions } from './extractor-options';
import { weighBesideThreads } from './fused-descriptor';
import type { RgbImage } from './types';
import type { ViewName, ViewPart } from './views';
import type { WorkerReply, WorkerRequest } from './extract.worker';
import type { PhotoWindows, PieceJitter, WindowCheck } from './window-check';

/** What the extraction threads need of the see-through look (WindowCheck.seeThrough) to draw a query's windows. */
type SeeThroughDrawing = Pick<NonNullable<WindowCheck['seeThrough']>, 'turns' | 'jitter' | 'minScale' | 'colour'>;

export type Priority = 'query' | 'index';

export interface ExtractorInfo { name: string; dim: number; backend: string }

export interface PoolOptions {
  /** worker threads, each with its own copy of the network */
  threads: number;
  /** of those, how many may run catalogue indexing (the first ones; default all); searches use all */
  indexThreads: number;
}

/**
 * One request: a picture's views, described by one task per view (indexing) or one task per thread (a
 * search, each task a share of the views: `part`); `parts` has a place for each task's vectors, the task's
 * `at`.
 */
interface Request { id: number; priority: Priority; parts: Array<Float32Array[] | null>; seeThrough: boolean[][]; colourFree: Float32Array[][]; windows: PhotoWindows['windows']; resolve(v: Float32Array[]): void; reject(e: Error): void; settled: boolean }
interface Task { request: Request; at: number; part?: ViewPart; image: RgbImage; views: ViewName[]; shapeOnly: boolean; windowViews?: ViewName[]; turns?: number[]; jitter?: PieceJitter; laceGate?: number }
interface Slot { index: number; worker: Worker | null; ready: boolean; task: Task | null; restarts: number }

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

/** A worker that died after loading is started again, at most this many times per slot. */
const MAX_RESTARTS = 5;

export class ExtractClient {
  private readonly slots: Slot[];
  private ready: Promise<ExtractorInfo> | null = null;
  private queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly pool: PoolOptions;
  /** average milliseconds per task, for status and logs */
  avgMs = 0;

  constructor(private readonly opts: ExtractorOptions, pool: Partial<PoolOptions> = {}) {
    const threads = Math.max(1, Math.floor(pool.threads ?? 1));
    this.pool = { threads, indexThreads: Math.min(threads, Math.max(1, Math.floor(pool.indexThreads ?? threads))) };
    this.slots = Array.from({ length: threads }, (_, index) => ({ index, worker: null, ready: false, task: null, restarts: 0 }));
  }

  get threads(): number { return this.pool.threads; }

  /** Starts the workers (once) and resolves with the extractor's name and vector length when all are ready. */
  start(): Promise<ExtractorInfo> {
    this.ready ??= Promise.all(this.slots.map((s) => this.spawn(s))).then((infos) => infos[0]);
    return this.ready;
  }

  private spawn(slot: Slot): Promise<ExtractorInfo> {
    return new Promise<ExtractorInfo>((resolve, reject) => {
      const w = startWorker(this.opts);
      slot.worker = w;
      slot.ready = false;
      w.unref();
      w.on('message', (msg: WorkerReply) => {
        if (msg.type === 'ready') {
          slot.ready = true;
          resolve({ name: msg.name, dim: msg.dim, backend: msg.backend });
          this.pump();
          return;
        }
        if (msg.type === 'failed') {
          const err = new Error(`image search model failed to load: ${msg.error}`);
          reject(err);
          // A slot that cannot load the model takes no more work; with none left, nothing can be answered.
          slot.worker = null;
          void w.terminate();
          if (this.slots.every((s) => !s.worker)) this.failAll(err);
          return;
        }
        const task = slot.task;
        slot.task = null;
        if (task) {
          if (msg.type === 'vectors') {
            this.avgMs = this.avgMs ? this.avgMs * 0.9 + msg.ms * 0.1 : msg.ms;
            if (msg.windows) task.request.windows.push(...msg.windows);
            this.finish(task, msg.vectors, msg.seeThrough, msg.colourFree);
          } else this.fail(task.request, new Error(msg.error));
        }
        this.pump();
      });
      w.on('error', (err) => {
        reject(err);
        if (slot.task) this.fail(slot.task.request, err);
        slot.task = null;
      });
      w.on('exit', (code) => {
        const wasReady = slot.ready;
        slot.worker = null;
        slot.ready = false;
        if (this.closed) return;
        const err = new Error(`image search worker exited with code ${code}`);
        reject(err);
        if (slot.task) this.fail(slot.task.request, err);
        slot.task = null;
        // A worker that had loaded the model and then died (out of memory, a crash in wasm) is replaced;
        // one that never loaded would only fail again.
        if (wasReady && slot.restarts < MAX_RESTARTS) {
          slot.restarts++;
          this.spawn(slot).catch(() => undefined);
        } else if (this.slots.every((s) => !s.worker)) this.failAll(err);
      });
    });
  }

  /**
   * Fused descriptors of the given views of a picture: one per view for indexing, each view a task of its
   * own (whichever indexing thread is free takes the next); for a query, the first MAX_QUERY_VIEWS views
   * that apply to the photo (see FOCUS_VIEWS in views.ts), described by all threads at once, each its
   * share, and put back in order. `shapeOnly` (a query): without the colour histogram, whatever colour the
   * photo carries (see fuse). `windowViews` (a query): the views whose windows the window check slides,
   * made by the threads that draw those views (`windows`: none where the description failed); `seeThrough`, with
   * them: the see-through look's, for a round see-through piece's other turns, whose windows come too, and the
   * piece's largest windows read a little off their frame (WindowCheck.seeThrough.turns and jitter).
   */
  describe(image: RgbImage, views: ViewName[], priority: Priority, shapeOnly = false, windowViews?: readonly ViewName[], seeThrough?: SeeThroughDrawing): { id: number; promise: Promise<Float32Array[]>; windows: Promise<PhotoWindows> } {
    const id = this.nextId++;
    const windows: PhotoWindows['windows'] = [];
    const promise = new Promise<Float32Array[]>((resolve, reject) => {
      if (this.closed) return reject(new Error('image search is shut down'));
      if (priority === 'index' && views.length === 0) return resolve([]);
      const of = priority === 'query' ? this.pool.threads : views.length;
      const request: Request = { id, priority, parts: new Array(of).fill(null), seeThrough: Array.from({ length: of }, () => []), colourFree: Array.from({ length: of }, () => []), windows, resolve, reject, settled: false };
      const wv = priority === 'query' && windowViews?.length ? [...windowViews] : undefined;
      const tv = wv && seeThrough?.turns?.length ? [...seeThrough.turns] : undefined;
      const jv: PieceJitter | undefined = wv && seeThrough?.jitter ? { ...seeThrough.jitter, minScale: seeThrough.minScale } : undefined;
      // Without the colour tie-breaker the threads keep no lace colour on the windows.
      const lg = wv && seeThrough?.colour ? seeThrough.colour.gate : undefined;
      const tasks: Task[] = priority === 'query'
        ? Array.from({ length: of }, (_, at) => ({ request, at, part: of > 1 ? { index: at, of } : undefined, image, views, shapeOnly, windowViews: wv, ...(tv ? { turns: tv } : {}), ...(jv ? { jitter: jv } : {}), ...(lg !== undefined ? { laceGate: lg } : {}) }))
        : views.map((view, at) => ({ request, at, image, views: [view], shapeOnly }));
      // Searches go before every indexing task; within a priority, first come first served.
      if (priority === 'query') {
        const firstIndex = this.queue.findIndex((t) => t.request.priority === 'index');
        if (firstIndex < 0) this.queue.push(...tasks);
        else this.queue.splice(firstIndex, 0, ...tasks);
      } else this.queue.push(...tasks);
    });
    void this.start().then(() => this.pump(), () => undefined);
    return { id, promise, windows: promise.then(() => ({ windows }), () => ({ windows: [] })) };
  }

  /** Withdraws a queued request; false when any of its work already started (it then runs to the end). */
  withdraw(id: number): boolean {
    const tasks = this.queue.filter((t) => t.request.id === id);
    if (tasks.length === 0 || tasks.length !== tasks[0].request.parts.length) return false;
    this.queue = this.queue.filter((t) => t.request.id !== id);
    this.fail(tasks[0].request, new Error('withdrawn'));
    return true;
  }

  /** Requests waiting or being described. */
  get queued(): number {
    const ids = new Set(this.queue.map((t) => t.request.id));
    for (const s of this.slots) if (s.task) ids.add(s.task.request.id);
    return ids.size;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || !slot.worker || !slot.ready) continue;
      const at = this.queue.findIndex((t) => t.request.priority === 'query' || slot.index < this.pool.indexThreads);
      if (at < 0) continue;
      const [task] = this.queue.splice(at, 1);
      slot.task = task;
      // Each task gets its own copy of the pixels: the copy is moved to the worker, not shared.
      const copy = new Uint8Array(task.image.data);
      const req: WorkerRequest = {
        id: task.request.id, type: 'describe', image: { data: copy, width: task.image.width, height: task.image.height },
        views: task.views, query: task.request.priority === 'query', part: task.part, ...(task.shapeOnly ? { shapeOnly: true } : {}),
        ...(task.windowViews ? { windows: task.windowViews } : {}),
        ...(task.turns ? { turns: task.turns } : {}),
        ...(task.jitter ? { jitter: task.jitter } : {}),
        ...(task.laceGate !== undefined ? { laceGate: task.laceGate } : {}),
      };
      slot.worker.postMessage(req, [copy.buffer]);
    }
  }

  private finish(task: Task, vectors: Float32Array[], partSeeThrough: boolean[] = [], partColourFree: Float32Array[] = []): void {
    const r = task.request;
    if (r.settled) return;
    r.parts[task.at] = vectors;
    r.seeThrough[task.at] = partSeeThrough;
    r.colourFree[task.at] = partColourFree;
    if (r.parts.some((p) => p === null)) return;
    const parts = r.parts as Float32Array[][];
    const out: Float32Array[] = [];
    const seeThrough: boolean[] = [];
    // Indexing: one view a part, in order. A query's part i holds the views at positions i, i + of, …:
    // interleave them back into the views' order.
    if (r.priority === 'index') for (const p of parts) out.push(...p);
    else {
      const longest = Math.max(...parts.map((p) => p.length));
      for (let j = 0; j < longest; j++) for (const [k, p] of parts.entries()) if (j < p.length) { out.push(p[j]); seeThrough.push(!!r.seeThrough[k][j]); }
      // A see-through piece's colour-free twin (FusionWeights.pieceColourFree) after every view: the first views
      // keep their places (the layout boost reads the first three); as a piece's, it is not weighed down.
      for (const free of r.colourFree) for (const v of free) { out.push(v); seeThrough.push(true); }
    }
    r.settled = true;
    r.resolve(r.priority === 'query' ? weighBesideThreads(out, seeThrough, this.opts.weights.besideThreads) : out);
  }

  private fail(r: Request, err: Error): void {
    if (r.settled) return;
    r.settled = true;
    // Its other tasks still queued are dropped; those running finish and are ignored.
    this.queue = this.queue.filter((t) => t.request !== r);
    r.reject(err);
  }

  private failAll(err: Error): void {
    const requests = new Set<Request>([...this.queue.map((t) => t.request), ...this.slots.flatMap((s) => (s.task ? [s.task.request] : []))]);
    this.queue = [];
    for (const s of this.slots) s.task = null;
    for (const r of requests) this.fail(r, err);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('image search is shut down'));
    await Promise.all(this.slots.map((s) => s.worker?.terminate()));
    for (const s of this.slots) s.worker = null;
  }
}
