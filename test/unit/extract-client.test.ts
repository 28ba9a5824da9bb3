// The extraction workers as the api drives them: a search's views shared out over two threads give the
// same descriptors, in the same order, as one thread; catalogue indexing keeps to its threads, so a second
// indexing request waits in the queue (and can be withdrawn there) while the other thread stays free for
// searches; closing fails what is still waiting.
import t from 'tap';
import { designFor, renderLaceJpeg } from '../../api/db/seed/lace-image';
import { ExtractClient } from '../../api/modules/search/engine/extract-client';
import type { ExtractorOptions } from '../../api/modules/search/engine/extractor-options';
import { DEFAULT_WEIGHTS } from '../../api/modules/search/engine/fused-descriptor';
import { decodeUpload } from '../../api/modules/search/engine/image-input';
import { dot } from '../../api/modules/search/engine/types';
import type { ViewName } from '../../api/modules/search/engine/views';

const opts: ExtractorOptions = { modelDir: '', inputSize: 160, backend: 'wasm', weights: DEFAULT_WEIGHTS };
/** The engine with the colour gate and the network on normalised luma (settings.networkInput 'luma'). */
const gated: ExtractorOptions = { ...opts, weights: { ...DEFAULT_WEIGHTS, colourGate: 0.1 }, networkInput: 'luma' };
/** Cosine: a query described without colour is not of unit length (fuse), by design. */
const cos = (a: Float32Array, b: Float32Array) => dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
const QUERY_VIEWS: ViewName[] = ['full', 'centre50', 'focusCentre', 'zoomOut', 'centre25'];
const CATALOGUE: ViewName[] = ['full', 'rot90', 'centre50', 'q25a', 'h50b'];

t.test('two threads describe a photo as one thread does', async (t) => {
  const one = new ExtractClient(opts, { threads: 1 });
  const two = new ExtractClient(opts, { threads: 2, indexThreads: 1 });
  t.teardown(() => Promise.all([one.close(), two.close()]));
  t.equal(two.threads, 2);
  const info = await two.start();
  t.match(info, { dim: Number, name: String });
  const photo = await decodeUpload(await renderLaceJpeg(designFor(31, 'medallion'), '#f5f0e6', 'full', 360, 300));

  const a = await one.describe(photo, QUERY_VIEWS, 'query').promise;
  const b = await two.describe(photo, QUERY_VIEWS, 'query').promise;
  t.equal(a.length, 4, 'an all-lace photo: the first four views that apply');
  t.equal(b.length, a.length, 'the same number of views');
  t.ok(a.every((v, i) => v.length === info.dim && Math.abs(cos(v, b[i]) - 1) < 1e-4), 'view by view the same descriptors, in order');
  t.ok(cos(b[0], b[1]) < 0.9999, 'and they are different views');

  const c = await one.describe(photo, CATALOGUE, 'index').promise;
  const d = await two.describe(photo, CATALOGUE, 'index').promise;
  t.equal(d.length, CATALOGUE.length, 'indexing: one vector a view');
  t.ok(c.every((v, i) => Math.abs(dot(v, d[i]) - 1) < 1e-4), 'indexing gives the same vectors too');
});

t.test('with the colour gate and the luma network, two threads describe a washed-out photo as one thread does', async (t) => {
  // The cream lace reads below the gate: described without colour, so its vectors are longer than 1 (fuse).
  const one = new ExtractClient(gated, { threads: 1 });
  const two = new ExtractClient(gated, { threads: 2, indexThreads: 1 });
  t.teardown(() => Promise.all([one.close(), two.close()]));
  await two.start();
  const photo = await decodeUpload(await renderLaceJpeg(designFor(31, 'medallion'), '#f5f0e6', 'full', 360, 300));
  const a = await one.describe(photo, QUERY_VIEWS, 'query').promise;
  const b = await two.describe(photo, QUERY_VIEWS, 'query').promise;
  t.equal(b.length, a.length, 'the same number of views');
  t.ok(a.every((v, i) => Math.abs(dot(v, b[i]) - dot(v, v)) < 1e-4 * dot(v, v)), 'view by view the same vectors, length included');
  t.ok(dot(a[0], a[0]) > 1.01, 'described without colour: not of unit length');
  t.ok(cos(b[0], b[1]) < 0.9999, 'and the views differ');
});

t.test('indexing keeps to its thread; a queued request can be withdrawn; closing fails what waits', async (t) => {
  const two = new ExtractClient(opts, { threads: 2, indexThreads: 1 });
  await two.start();
  const photo = await decodeUpload(await renderLaceJpeg(designFor(32, 'fabric'), '#1f3a93', 'full', 300, 300));

  const first = two.describe(photo, CATALOGUE, 'index');
  const second = two.describe(photo, CATALOGUE, 'index');
  t.equal(two.queued, 2, 'two requests in the pool');
  // The second thread is idle but may not index: the second request is still waiting, so it can be withdrawn.
  t.equal(two.withdraw(second.id), true, 'withdrawn while waiting');
  await t.rejects(second.promise, /withdrawn/);
  t.equal(two.withdraw(first.id), false, 'the one being described cannot be withdrawn');
  // A search is not held up by the waiting line of indexing: the free thread takes it.
  const query = await two.describe(photo, QUERY_VIEWS, 'query').promise;
  t.equal(query.length, 4, 'the search got its vectors');
  t.equal((await first.promise).length, CATALOGUE.length, 'the first indexing request finished');
  t.equal(two.queued, 0, 'nothing left');

  const busy = two.describe(photo, CATALOGUE, 'index');
  const waiting = two.describe(photo, CATALOGUE, 'index');
  const failed = [
    t.rejects(waiting.promise, /shut down/, 'a waiting request fails when the pool closes'),
    t.rejects(busy.promise, /shut down/, 'so does the one being described'),
  ];
  await two.close();
  await Promise.all(failed);
  await t.rejects(two.describe(photo, QUERY_VIEWS, 'query').promise, /shut down/, 'and any request after');
});

t.test('indexing is one task a view, so a search that arrives waits at most for the view in progress', async (t) => {
  const one = new ExtractClient(opts, { threads: 1 });
  t.teardown(() => one.close());
  await one.start();
  const photo = await decodeUpload(await renderLaceJpeg(designFor(34, 'smallBorder'), '#7b2d8b', 'full', 300, 300));
  const alone = await one.describe(photo, CATALOGUE, 'index').promise;
  const order: string[] = [];
  const indexing = one.describe(photo, CATALOGUE, 'index').promise.then((v) => { order.push('index'); return v; });
  // The thread takes the picture's first view; the other views wait in the queue.
  await new Promise((r) => setImmediate(r));
  const query = one.describe(photo, QUERY_VIEWS, 'query').promise.then((v) => { order.push('query'); return v; });
  const [vectors, q] = await Promise.all([indexing, query]);
  // One thread runs its tasks in the order it is given them: the search went in after the first view,
  // before the picture's other views.
  t.same(order, ['query', 'index'], 'the search finished before the picture that was being indexed');
  t.equal(q.length, 4, 'the search got its vectors');
  t.equal(vectors.length, CATALOGUE.length, 'the picture got one vector a view');
  t.ok(vectors.every((v, i) => Math.abs(dot(v, alone[i]) - 1) < 1e-4), 'in the views\' order, as without the search');
});

t.test('a worker that dies after loading is replaced, and the request it held fails', async (t) => {
  const two = new ExtractClient(opts, { threads: 2, indexThreads: 2 });
  t.teardown(() => two.close());
  await two.start();
  const photo = await decodeUpload(await renderLaceJpeg(designFor(33, 'eyelash'), '#d4af37', 'full', 240, 240));
  const held = two.describe(photo, CATALOGUE, 'index');
  const failed = t.rejects(held.promise, /exited/, 'the request the dead worker held fails');
  // Reach the worker the way a crash would: from outside the pool's own bookkeeping.
  const slots = (two as unknown as { slots: Array<{ worker: { terminate(): Promise<number> } | null }> }).slots;
  await slots[0].worker!.terminate();
  await failed;
  const after = await two.describe(photo, QUERY_VIEWS, 'query').promise;
  t.equal(after.length, 4, 'a search after the crash is answered');
  t.ok(slots.every((s) => s.worker), 'the dead worker was replaced');
});
