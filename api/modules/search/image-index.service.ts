// The catalogue side of photo search: which pictures of which products are in the index, indexing a
// product when it is created or changed, indexing the catalogue in the background after start, keeping
// the index file under the data dir, and answering nearest-neighbour queries (the flat in-process index,
// or pgvector's HNSW on PostgreSQL where the `vector` extension exists).
import crypto from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { StorageDriver } from '../file/storage';
import { countListedProducts, onSaleIds, productPicturePaths } from '../catalogue/catalogue.service';
import { listedProducts } from '../catalogue/catalogue.joins';
import { ExtractClient, type ExtractorInfo } from './engine/extract-client';
import { FlatIndex } from './engine/flat-index';
import { AnnIndex, exactTop, withLayoutCandidates } from './engine/ann-index';
import type { LayoutScoring } from './engine/layout';
import { KeysIndex } from './engine/keys-index';
import { Projection } from './engine/projection';
import type { IndexHit, VectorIndex } from './engine/vector-index';
import { decodeUpload, type ImageLimits } from './engine/image-input';
import type { RgbImage } from './engine/types';
import type { ViewName } from './engine/views';
import { structureOf, structureSimilarity, type Structure } from './engine/structure';
import { LACE_THUMBS, THUMB_VIEWS, fineThreads, lookReads, packLace, unpackLace, viewThumbOf, windowLook, withWindowCheck, type PhotoWindows, type ViewThumb } from './engine/window-check';
import { finePieces, withFineCheck } from './engine/fine-check';
import { annOptions, layoutScoringOf, type ImageSearchSettings } from './image-search.settings';
import type { SearchStatus } from '../../../isomorphic/contracts/search';

/** How many of a product's pictures the fine check reads (the cover first): each is decoded and cut to its threads while the buyer waits. */
const FINE_PICTURES = 3;

export interface SearchLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** GET /search/status: the shape the pages read. */
export type IndexStatus = SearchStatus;

/**
 * Bumped when the fused descriptor's computation changes (colour, texture, pooling, what the network is
 * shown): stored rows are then stale. 4: the network sees normalised luma (its name also says ~luma). 5: the
 * layout block (engine/layout.ts) at the end of every vector.
 */
export const DESCRIPTOR_VERSION = 5;

/** Catalogue pictures may be larger than uploads; they are ours and already checked when stored. */
const CATALOGUE_LIMITS: ImageLimits = { maxBytes: 60 * 1024 * 1024, maxSide: 20_000, maxPixels: 120_000_000, workSide: 640 };

const toBytes = (v: Float32Array) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
const fromBytes = (b: Uint8Array) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
const vectorLiteral = (v: Float32Array) => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

/**
 * One descriptor of a picture's view, to be stored; `thumb`: on the rows of its THUMB_VIEWS, that view's thumb, and
 * `thumbLace` on those of LACE_THUMBS, its threads' colour as stored (engine/window-check.ts packLace).
 */
interface DescriptorRow { path: string; view: ViewName; vec: Float32Array; thumb?: Uint8Array; thumbLace?: number }

export class ImageIndexService {
  readonly client: ExtractClient;
  private index: VectorIndex | null = null;
  private info: ExtractorInfo | null = null;
  private started: Promise<void> | null = null;
  private backgroundDone = false;
  private watermark = 0;
  private indexedProducts = new Set<number>();
  private attempted = new Set<number>();
  /** products indexed only partly so far (the background pass's first round): findable, not complete */
  private partial = new Set<number>();
  private total = 0;
  private pgvector = false;
  /** how the `embedding` column is typed and searched, when `pgvector` */
  private pg: PgVectorSetup | null = null;
  private timers: NodeJS.Timeout[] = [];
  private saveTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private background: Promise<void> | null = null;
  /** who is told when products' indexing completes (pattern-copy detection), and the queue of those calls */
  private completeListeners: Array<(productIds: number[]) => Promise<void>> = [];
  private completions: Promise<void> = Promise.resolve();
  /** pictures' structures, by path (a stored picture never changes under its path), the latest few */
  private structures = new Map<string, Promise<Structure | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
    private readonly storage: StorageDriver,
    readonly settings: ImageSearchSettings,
    private readonly log: SearchLog,
  ) {
    this.client = new ExtractClient(
      { modelDir: settings.modelDir, inputSize: settings.inputSize, backend: settings.backend, weights: settings.weights, networkInput: settings.networkInput },
      { threads: settings.extractThreads, indexThreads: settings.indexThreads },
    );
  }

  /**
   * The name stored with every descriptor: the network, plus the catalogue views, the fusion weights and the
   * descriptor code's version, so that a change to any makes old rows another model's and the catalogue is
   * indexed anew.
   */
  get model(): string {
    if (!this.info) return '';
    // The colour gate acts on queries only: the stored descriptors do not depend on it.
    const { colourGate: _queriesOnly, ...stored } = this.settings.weights;
    const views = crypto.createHash('sha1').update(JSON.stringify([this.settings.catalogueViews, stored])).digest('hex').slice(0, 8);
    return `${this.info.name}#v${DESCRIPTOR_VERSION}-${views}`;
  }
  private get indexFile(): string { return path.join(this.settings.indexDir, `${this.model.replace(/[^A-Za-z0-9._-]+/g, '_')}.idx`); }

  /** Loads the model and the index; then indexes what is missing in the background. Idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const t0 = Date.now();
      this.info = await this.client.start();
      this.log.info({ model: this.info.name, dim: this.info.dim, backend: this.info.backend, ms: Date.now() - t0 }, 'image search model loaded');
      if (this.dialect === 'postgres' && this.settings.pgvector === 'auto') this.pgvector = await this.enablePgvector(this.info.dim);
      await this.loadIndex();
      this.partial = new Set(await this.productsPartial(true));
      await this.countTotal();
      if (this.settings.indexOnStart) this.background = this.indexInBackground().catch((err) => this.log.error({ err }, 'background image indexing failed'));
      else {
        this.backgroundDone = true;
        this.completed(this.completeProducts());
      }
      if (this.settings.refreshMs > 0) {
        const t = setInterval(() => void this.refresh().catch((err) => this.log.warn({ err }, 'image index refresh failed')), this.settings.refreshMs);
        t.unref();
        this.timers.push(t);
      }
    })();
    return this.started;
  }

  /** Resolves when the background indexing that started with the service has finished, and what it told listeners has run. */
  async idle(): Promise<void> {
    await this.start();
    await this.background;
    await this.completions;
  }

  /**
   * Calls `listener` with products whose indexing has completed: after indexProduct (a whole re-index),
   * after the background pass's second round for a product, for products another process indexed (read by
   * refresh), and, once the background pass is over (or at start when it does not run), with every product
   * the index holds complete, so that what was indexed before this process started is offered too. The
   * same product can be offered again (a restart, a refresh of rows this process wrote): the listener keeps
   * its own record of what it has done. Calls run one at a time, in order, off the indexing lanes.
   */
  onIndexComplete(listener: (productIds: number[]) => Promise<void>): void {
    this.completeListeners.push(listener);
  }

  private completed(productIds: number[]): void {
    if (productIds.length === 0 || this.completeListeners.length === 0) return;
    this.completions = this.completions.then(async () => {
      for (const l of this.completeListeners) {
        if (this.stopped) return;
        await l(productIds).catch((err) => this.log.warn({ err, products: productIds.length }, 'a listener of completed photo indexing failed'));
      }
    });
  }

  /** The products whose every picture is indexed at every catalogue view (not only the first round's). */
  private completeProducts(): number[] {
    return [...this.indexedProducts].filter((id) => !this.partial.has(id)).sort((a, b) => a - b);
  }

  async status(): Promise<IndexStatus> {
    await this.countTotal().catch(() => undefined);
    return {
      ready: this.index !== null && this.backgroundDone,
      indexed: this.indexedProducts.size,
      complete: Math.max(0, this.indexedProducts.size - this.partial.size),
      total: this.total,
      entries: this.index?.count ?? 0,
      model: this.model,
      backend: this.info?.backend ?? '',
      nearestNeighbours: this.pgvector ? 'pgvector' : this.index?.kind === 'ann' ? 'hnsw' : 'flat',
      queued: this.client.queued,
    };
  }

  private async countTotal(): Promise<void> {
    this.total = await countListedProducts(this.db);
  }

  /** The index file when it matches the descriptors in the database, else the index rebuilt from them. */
  private async loadIndex(): Promise<void> {
    const dim = (this.info as ExtractorInfo).dim;
    const stats = await this.db.selectFrom('image_descriptor').where('model', '=', this.model)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('maxId')]).executeTakeFirstOrThrow();
    const count = Number(stats.n), maxId = Number(stats.maxId ?? 0);
    // With pgvector there is no file: PostgreSQL searches the vectors, the process only counts rows.
    if (this.pgvector) return this.build(count);
    const ann = annOptions(this.settings);
    const saved = count >= this.settings.annFrom ? await AnnIndex.load(this.indexFile, undefined, ann) : await FlatIndex.load(this.indexFile);
    const sameKind = !(saved?.index instanceof AnnIndex) || saved.index.builtAs(ann, this.settings.annDims);
    if (saved && sameKind && saved.index.dim === dim && saved.meta.model === this.model && saved.meta.maxId === maxId && saved.meta.count === count) {
      this.index = saved.index;
      this.watermark = maxId;
      this.indexedProducts = new Set((saved.meta.products as number[] | undefined) ?? []);
      this.log.info({ entries: count, kind: saved.index.kind, file: this.indexFile }, 'image index loaded from file');
      return;
    }
    await this.build(count);
  }

  /**
   * Builds the in-process index from the stored descriptors: the exact flat index below `annFrom`
   * vectors, else the HNSW graph over a PCA projection fitted on a sample of them; with pgvector only
   * which rows are whose (KeysIndex: PostgreSQL holds and searches the vectors).
   */
  private async build(count: number): Promise<void> {
    const dim = (this.info as ExtractorInfo).dim;
    const t0 = Date.now();
    this.index = this.pgvector ? new KeysIndex(dim)
      : count >= this.settings.annFrom ? new AnnIndex(dim, await this.fitProjection(dim), annOptions(this.settings, dim))
        : new FlatIndex(dim, Math.max(1024, count));
    if (this.index instanceof AnnIndex) this.index.reserve(count);
    this.indexedProducts.clear();
    this.watermark = 0;
    await this.loadRowsAfter(0, false);
    this.log.info({ entries: this.index.count, kind: this.index.kind, ms: Date.now() - t0 }, 'image index built from stored descriptors');
    if (count > 0) await this.save();
  }

  /** PCA projection fitted on up to 3,000 stored descriptors spread evenly over the catalogue. */
  private async fitProjection(dim: number): Promise<Projection> {
    const ids = (await this.db.selectFrom('image_descriptor').select('id').where('model', '=', this.model).orderBy('id').execute()).map((r) => r.id);
    const step = Math.max(1, ids.length / 3000);
    const picked: number[] = [];
    for (let i = 0; i < ids.length; i += step) picked.push(ids[Math.floor(i)]);
    const sample: Float32Array[] = [];
    for (let i = 0; i < picked.length; i += 500) {
      const rows = await this.db.selectFrom('image_descriptor').select(['vec', 'dim']).where('id', 'in', picked.slice(i, i + 500)).execute();
      for (const r of rows) if (r.dim === dim) sample.push(fromBytes(r.vec));
    }
    const t0 = Date.now();
    const projection = Projection.fit(sample, dim, this.settings.annDims);
    this.log.info({ sample: sample.length, dims: projection.k, ms: Date.now() - t0 }, 'image index projection fitted');
    return projection;
  }

  /** A flat index that has grown past `annFrom` is rebuilt as the graph (once, in the background). */
  private async promoteIfLarge(): Promise<void> {
    if (!this.index || this.index.kind !== 'flat' || this.index.count < this.settings.annFrom || this.stopped) return;
    await this.build(this.index.count);
  }

  /**
   * Adds stored descriptors with id > `after`: at a build (`refresh` false) all of them at once into the
   * empty index; at a refresh each product that has such rows is read again whole, in place of what the
   * index held of it (a product's rows can be written in two rounds, see indexInBackground; and before
   * 2026-11-24 a refresh from watermark 0, the first after a start on an empty index, added every row the
   * background pass had written meanwhile a second time). Returns the number of rows read.
   */
  private async loadRowsAfter(after: number, refresh: boolean, touchedOut?: number[]): Promise<number> {
    const index = this.index as VectorIndex;
    if (refresh) {
      const touched = await this.db.selectFrom('image_descriptor').select('product_id').select((eb) => eb.fn.max('id').as('maxId'))
        .where('model', '=', this.model).where('id', '>', after).groupBy('product_id').execute();
      let added = 0;
      for (const t of touched) {
        added += await this.reloadProduct(t.product_id);
        this.watermark = Math.max(this.watermark, Number(t.maxId));
        touchedOut?.push(t.product_id);
      }
      return added;
    }
    let last = after, added = 0;
    // Keys only: the vectors (6.5 kB a row) are not read at all.
    const withVectors = index.kind !== 'keys';
    for (;;) {
      const rows = await this.db.selectFrom('image_descriptor').select(['id', 'product_id', 'dim'])
        .$if(withVectors, (q) => q.select('vec'))
        .where('model', '=', this.model).where('id', '>', last).orderBy('id').limit(2000).execute();
      if (rows.length === 0) break;
      const byProduct = new Map<number, { productId: number; vectors: Float32Array[]; keys: number[] }>();
      for (const r of rows) {
        if (r.dim !== index.dim) continue;
        let item = byProduct.get(r.product_id);
        if (!item) byProduct.set(r.product_id, (item = { productId: r.product_id, vectors: [], keys: [] }));
        if (withVectors) item.vectors.push(fromBytes((r as { vec: Uint8Array }).vec));
        item.keys.push(r.id);
      }
      index.addMany([...byProduct.values()]);
      for (const item of byProduct.values()) {
        this.indexedProducts.add(item.productId);
        added += item.keys.length;
      }
      last = rows[rows.length - 1].id;
    }
    this.watermark = Math.max(this.watermark, last);
    return added;
  }

  /**
   * Puts a product's stored rows of this model into the in-process index in place of what it held of
   * the product (row ids are the graph's keys: re-scoring reads the full vectors by id). Returns their number.
   */
  private async reloadProduct(productId: number): Promise<number> {
    const index = this.index as VectorIndex;
    const stored = await this.db.selectFrom('image_descriptor').select(['id', 'dim']).$if(index.kind !== 'keys', (q) => q.select('vec'))
      .where('model', '=', this.model).where('product_id', '=', productId).orderBy('id').execute();
    const ok = stored.filter((r) => r.dim === index.dim);
    index.removeProduct(productId);
    if (ok.length) {
      index.add(productId, index.kind === 'keys' ? [] : ok.map((r) => fromBytes((r as { vec: Uint8Array }).vec)), ok.map((r) => r.id));
      this.indexedProducts.add(productId);
    } else this.indexedProducts.delete(productId);
    return ok.length;
  }

  /** Picks up descriptors written by another process (the import command, another api replica). */
  async refresh(): Promise<void> {
    if (!this.index || this.stopped) return;
    const touched: number[] = [];
    const added = await this.loadRowsAfter(this.watermark, true, touched);
    if (added > 0) {
      this.scheduleSave();
      this.partial = new Set(await this.productsPartial(true));
      // Rows another process wrote (the import command): their products are offered once complete.
      this.completed(touched.filter((id) => this.indexedProducts.has(id) && !this.partial.has(id)));
    }
    await this.promoteIfLarge();
  }

  async save(): Promise<void> {
    if (!this.index) return;
    await this.index.save(this.indexFile, { model: this.model, maxId: this.watermark, count: this.index.count, products: [...this.indexedProducts] });
  }

  private scheduleSave(): void {
    if (this.saveTimer || this.stopped) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save().catch((err) => this.log.warn({ err }, 'saving the image index failed'));
    }, 5000);
    this.saveTimer.unref();
  }

  /**
   * The background pass after start, in two rounds, so that soon after a first start every product can be
   * found: first each on-sale product without descriptors gets its first picture's `firstPassViews` (the
   * whole picture and its centre: what a photo of the cover meets), then each product indexed only so far
   * gets its other views and pictures. A few products are in hand at once, so every extraction thread has
   * a view to describe while this thread reads pictures and writes rows.
   */
  private async indexInBackground(): Promise<void> {
    const t0 = Date.now();
    const found = await this.indexFirstRound();
    if (this.stopped) return;
    const completed = await this.eachProduct(() => this.productsPartial(), (id) => this.indexRest(id), new Set());
    // Every catalogue view a first-round view (or none): products without descriptors are indexed whole.
    if (!this.firstViews()) await this.eachProduct(() => this.productsWithout(), (id) => this.indexProduct(id).then(() => undefined), this.attempted);
    if (this.stopped) return;
    const thumbs = await this.fillThumbs();
    if (this.stopped) return;
    await this.promoteIfLarge();
    this.backgroundDone = true;
    // Every complete product, those of earlier starts and other processes included (listeners skip what they did).
    this.completed(this.completeProducts());
    if (found + completed + thumbs > 0) {
      await this.save();
      this.log.info({ products: found, completed, thumbs, ms: Date.now() - t0 }, 'background image indexing finished');
    }
  }

  /**
   * Thumbs for the rows of THUMB_VIEWS stored without one (before thumbs were kept, migration 2026112800,
   * or before 'tight' kept one), or of LACE_THUMBS without their threads' colour (migration 2026120700): each
   * picture is read and the view's thumb, with its colour where kept, written to that row; no network pass.
   * Returns how many.
   */
  private async fillThumbs(): Promise<number> {
    let filled = 0;
    const tried = new Set<number>();
    for (;;) {
      if (this.stopped) return filled;
      const rows = (await this.db.selectFrom('image_descriptor').select(['id', 'product_id', 'image_path', 'view'])
        .where('model', '=', this.model).where('view', 'in', [...THUMB_VIEWS])
        .where((eb) => eb.or([eb('thumb', 'is', null), eb.and([eb('view', 'in', [...LACE_THUMBS]), eb('thumb_lace', 'is', null)])]))
        .orderBy('id').limit(200).execute()).filter((r) => !tried.has(r.id));
      if (rows.length === 0) return filled;
      for (const r of rows) {
        if (this.stopped) return filled;
        tried.add(r.id);
        try {
          const img = await this.picture(r.product_id, r.image_path);
          if (!img) continue;
          const t = await viewThumbOf(img, r.view as ViewName);
          await this.db.updateTable('image_descriptor').set({ thumb: t.thumb, ...(t.lace !== undefined ? { thumb_lace: packLace(t.lace) } : {}) }).where('id', '=', r.id).execute();
          filled++;
        } catch (err) {
          this.log.warn({ err, productId: r.product_id }, 'making a picture\'s thumb failed');
        }
      }
    }
  }

  /**
   * The background pass's first round alone: each on-sale product without descriptors gets the first
   * views of its first picture. Returns how many products it indexed (none when the first-round views
   * are every catalogue view: products are then indexed whole).
   */
  async indexFirstRound(): Promise<number> {
    await this.start();
    const t0 = Date.now();
    const first = this.firstViews();
    if (!first) return 0;
    const found = await this.eachProduct(() => this.productsWithout(), (id) => this.indexFirst(id, first), new Set());
    if (found > 0) this.log.info({ products: found, views: first, ms: Date.now() - t0 }, 'photo search: every product can be found by its first picture');
    return found;
  }

  /**
   * The first round's views, in the catalogue's order; null when they would be every catalogue view (the
   * product is then indexed whole at once) or none.
   */
  private firstViews(): ViewName[] | null {
    const views = this.settings.catalogueViews.filter((v) => this.settings.firstPassViews.includes(v));
    return views.length > 0 && views.length < this.settings.catalogueViews.length ? views : null;
  }

  /** Runs `work` on each product `next` lists (in batches, until it lists none not tried yet), a few at a time. */
  private async eachProduct(next: () => Promise<number[]>, work: (id: number) => Promise<void>, attempted: Set<number>): Promise<number> {
    let done = 0;
    for (;;) {
      if (this.stopped) return done;
      const ids = (await next()).filter((id) => !attempted.has(id));
      if (ids.length === 0) return done;
      let at = 0;
      const lane = async () => {
        while (at < ids.length && !this.stopped) {
          const id = ids[at++];
          attempted.add(id);
          try {
            await work(id);
            done++;
          } catch (err) {
            this.log.warn({ err, productId: id }, 'indexing a product image failed');
          }
        }
      };
      await Promise.all(Array.from({ length: this.client.threads + 1 }, lane));
    }
  }

  /** On-sale products without descriptors of the current model, oldest first (200 at a time). */
  private async productsWithout(): Promise<number[]> {
    return (await listedProducts(this.db).select('p.id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('image_descriptor as d').select('d.id').whereRef('d.product_id', '=', 'p.id').where('d.model', '=', this.model))))
      .orderBy('p.id').limit(200).execute()).map((r) => r.id);
  }

  /**
   * Products (on sale unless `anyStatus`) indexed only partly: fewer descriptors than every catalogue view
   * of each picture they have descriptors of. The first round writes some views of one picture; the
   * second, and indexProduct, write every view of every picture in one transaction, so this is exactly the
   * products the first round did and the second did not (yet).
   */
  private async productsPartial(anyStatus = false): Promise<number[]> {
    const views = this.settings.catalogueViews.length;
    const partial = this.db.selectFrom('image_descriptor as d').select('d.product_id').where('d.model', '=', this.model)
      .groupBy('d.product_id').having(sql<boolean>`count(*) < count(distinct d.image_path) * ${views}`);
    if (anyStatus) return (await partial.execute()).map((r) => r.product_id);
    return (await listedProducts(this.db).select('p.id').where('p.id', 'in', partial).orderBy('p.id').limit(200).execute()).map((r) => r.id);
  }

  /** The pictures of a product: cover, gallery and colour cards, without repeats. */
  private async picturesOf(productId: number): Promise<string[] | null> {
    const paths = await productPicturePaths(this.db, productId);
    if (!paths) return null;
    const all = paths.filter((p) => p);
    return [...new Set(all)].slice(0, this.settings.maxImagesPerProduct);
  }

  /** A stored picture decoded to the working copy, or null (logged) when storage no longer has it. */
  private async picture(productId: number, p: string): Promise<RgbImage | null> {
    const bytes = await this.storage.get(p);
    if (!bytes) {
      this.log.warn({ productId, path: p }, 'product picture missing from storage');
      return null;
    }
    return decodeUpload(bytes, CATALOGUE_LIMITS);
  }

  /** Describes these views of one picture (at indexing priority) as rows to store. */
  private async describePicture(img: RgbImage, p: string, views: ViewName[]): Promise<DescriptorRow[]> {
    const [vecs, thumbs] = await Promise.all([this.client.describe(img, views, 'index').promise, Promise.all(views.map((v) => (THUMB_VIEWS.includes(v) ? viewThumbOf(img, v) : undefined)))]);
    return vecs.map((vec, i) => {
      const t = thumbs[i];
      return { path: p, view: views[i], vec, ...(t ? { thumb: t.thumb } : {}), ...(t && t.lace !== undefined ? { thumbLace: packLace(t.lace) } : {}) };
    });
  }

  /**
   * (Re)indexes one product: every picture at every catalogue view. A removed product, or one without
   * pictures, leaves the index. Returns the number of vectors stored.
   */
  async indexProduct(productId: number): Promise<number> {
    await this.start();
    const pictures = await this.picturesOf(productId);
    const rows: DescriptorRow[] = [];
    for (const p of pictures ?? []) {
      const img = await this.picture(productId, p);
      if (img) rows.push(...await this.describePicture(img, p, this.settings.catalogueViews));
    }
    await this.storeRows(productId, rows, 'replace');
    this.partial.delete(productId);
    this.completed([productId]);
    return rows.length;
  }

  /** The first round for one product: the first views of its first picture storage has. */
  private async indexFirst(productId: number, views: ViewName[]): Promise<void> {
    for (const p of (await this.picturesOf(productId)) ?? []) {
      const img = await this.picture(productId, p);
      if (!img) continue;
      const rows = await this.describePicture(img, p, views);
      // Its old model's rows, if any, go (as indexProduct's do).
      await this.storeRows(productId, rows, 'replace');
      this.partial.add(productId);
      return;
    }
  }

  /** The second round for one product: every catalogue view of every picture it has no descriptor of yet. */
  private async indexRest(productId: number): Promise<void> {
    const pictures = await this.picturesOf(productId);
    if (!pictures) return;
    const have = new Set((await this.db.selectFrom('image_descriptor').select(['image_path', 'view'])
      .where('model', '=', this.model).where('product_id', '=', productId).execute()).map((r) => `${r.image_path}\u0000${r.view}`));
    const rows: DescriptorRow[] = [];
    for (const p of pictures) {
      const missing = this.settings.catalogueViews.filter((v) => !have.has(`${p}\u0000${v}`));
      if (missing.length === 0) continue;
      const img = await this.picture(productId, p);
      if (img) rows.push(...await this.describePicture(img, p, missing));
    }
    await this.storeRows(productId, rows, 'add');
    this.partial.delete(productId);
    this.completed([productId]);
  }

  /**
   * Stores a product's descriptor rows in one transaction, replacing all its rows ('replace') or beside
   * those it has ('add'), and puts the product's rows of this model into the in-process index.
   */
  private async storeRows(productId: number, rows: DescriptorRow[], how: 'replace' | 'add'): Promise<void> {
    if (how === 'add' && rows.length === 0) return;
    const now = new Date().toISOString();
    const dim = (this.info as ExtractorInfo).dim;
    await this.db.transaction().execute(async (trx) => {
      if (how === 'replace') await trx.deleteFrom('image_descriptor').where('product_id', '=', productId).execute();
      else {
        // The same views stored meanwhile (the product re-indexed whole while this round described it) are replaced, not doubled.
        for (const p of new Set(rows.map((r) => r.path))) {
          await trx.deleteFrom('image_descriptor').where('product_id', '=', productId).where('model', '=', this.model).where('image_path', '=', p)
            .where('view', 'in', rows.filter((r) => r.path === p).map((r) => r.view)).execute();
        }
      }
      // With pgvector the embedding is written by the same INSERT (the column is not in the shared schema type).
      const pg = this.pgvector ? this.pg : null;
      const withEmbedding = trx.withTables<{ image_descriptor: { embedding: string | null } }>();
      for (let i = 0; i < rows.length; i += 100) {
        await withEmbedding.insertInto('image_descriptor').values(rows.slice(i, i + 100).map((r) => ({
          product_id: productId, image_path: r.path, view: r.view, model: this.model, dim, vec: toBytes(r.vec), thumb: r.thumb ?? null, thumb_lace: r.thumbLace ?? null, created_at: now,
          ...(pg ? { embedding: sql<string>`${vectorLiteral(r.vec)}::${pgTypeOf(pg)}` } : {}),
        }))).execute();
      }
    });
    // The product's rows read back, all of them where rows were added beside others.
    await this.reloadProduct(productId);
    // The rows just written are newer than the watermark: the next refresh() reads them again, which is
    // harmless (same vectors), and it also catches rows another process wrote meanwhile.
    this.scheduleSave();
  }

  /** Whether the model and the index are loaded or loading in this process (photo search is in use). */
  get running(): boolean {
    return this.started !== null && !this.stopped;
  }

  /** Drops a product from the index (and its stored descriptors). */
  async removeProduct(productId: number): Promise<void> {
    await this.db.deleteFrom('image_descriptor').where('product_id', '=', productId).execute();
    this.index?.removeProduct(productId);
    this.indexedProducts.delete(productId);
    this.partial.delete(productId);
    this.scheduleSave();
  }

  /**
   * Pattern-copy detection (issue 17 item 2): the on-sale products nearest to this product's own pictures,
   * each picture described as a buyer's photo is (query views), so that the similarity is the one the
   * benchmark's copy threshold was measured on; the product itself left out. Best score per product.
   */
  async similarTo(productId: number, k: number): Promise<IndexHit[]> {
    await this.start();
    const best = new Map<number, IndexHit>();
    for (const p of (await this.picturesOf(productId)) ?? []) {
      const bytes = await this.storage.get(p);
      if (!bytes) continue;
      const vecs = await this.describeQuery(await decodeUpload(bytes, CATALOGUE_LIMITS)).promise;
      for (const h of await this.nearest(vecs, k + 1, { layout: false })) {
        if (h.productId !== productId && h.score > (best.get(h.productId)?.score ?? -Infinity)) best.set(h.productId, h);
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
  }

  /**
   * The second look at a pattern-copy candidate: how alike the two products' pictures are in structure
   * (engine/structure.ts), the best pair of their pictures, 0 to 1; null when either has no picture storage
   * holds (or is not on sale).
   */
  async pictureAgreement(productId: number, otherId: number): Promise<number | null> {
    const [mine, theirs] = await Promise.all([this.picturesOf(productId), this.picturesOf(otherId)]);
    const a = (await Promise.all((mine ?? []).map((p) => this.structureAt(p)))).filter((x): x is Structure => x !== null);
    const b = (await Promise.all((theirs ?? []).map((p) => this.structureAt(p)))).filter((x): x is Structure => x !== null);
    if (a.length === 0 || b.length === 0) return null;
    let best = 0;
    for (const x of a) for (const y of b) best = Math.max(best, structureSimilarity(x, y));
    return best;
  }

  private structureAt(p: string): Promise<Structure | null> {
    let s = this.structures.get(p);
    if (!s) {
      s = this.storage.get(p).then((bytes) => (bytes ? structureOf(Buffer.from(bytes)) : null)).catch(() => null);
      this.structures.set(p, s);
      // The latest 64 (196 kB each).
      if (this.structures.size > 64) this.structures.delete(this.structures.keys().next().value as string);
    } else {
      this.structures.delete(p);
      this.structures.set(p, s);
    }
    return s;
  }

  /**
   * Query descriptors for a photo (`shapeOnly`: colour left out); `id` lets a queued extraction be withdrawn.
   * `windows`: the photo's windows for the second look at the leading products (settings.windowCheck; none
   * where it is off), made by the extraction threads from the views they draw anyway.
   */
  describeQuery(img: RgbImage, shapeOnly = false): { id: number; promise: Promise<Float32Array[]>; windows: Promise<PhotoWindows> } {
    return this.client.describe(img, this.settings.queryViews, 'query', shapeOnly, this.settings.windowCheck?.views, this.settings.windowCheck?.seeThrough);
  }

  /**
   * How a search is boosted by the layout (layout.ts): where the block is in this engine's vectors, and the
   * settings' boost; null where either is off.
   */
  get layoutScoring(): LayoutScoring | null {
    return this.info ? layoutScoringOf(this.info.dim, this.settings) : null;
  }

  /**
   * Nearest products of query vectors, best first, on-sale products only. `layout: false`: the fused cosine
   * alone, without the layout's boost (the pattern-copy check, whose threshold was measured on it).
   * `photo`: the photo's windows, for the second look at the leading products (settings.windowCheck).
   */
  async nearest(queries: Float32Array[], k: number, opts: { layout?: boolean; photo?: PhotoWindows } = {}): Promise<IndexHit[]> {
    await this.start();
    const layout = opts.layout === false ? null : this.layoutScoring;
    let hits: IndexHit[];
    // pgvector orders by the fused cosine; the leading ones are then boosted from their stored descriptors.
    if (this.pgvector) hits = await this.nearestPg(queries, k * 3).then((h) => (layout ? this.exactTop(queries, h, layout) : h));
    // The graph's candidates in the order of the fused cosine, estimated from the codes the graph keeps in
    // memory; then the leading ones exactly, from their stored descriptors.
    // With the layout boost, the products whose whole-picture layout lines up with the photo join them
    // (withLayoutCandidates): the codes do not see the layout.
    else if (this.index instanceof AnnIndex) {
      const { hits: joined, m } = withLayoutCandidates(this.index, this.index.rescore(this.index.search(queries, k * 3), queries, k * 3), queries, layout, this.settings.annExactTop);
      hits = await this.exactTop(queries, joined, layout, m);
    }
    else hits = (this.index as VectorIndex).search(queries, k * 3, undefined, layout);
    if (hits.length === 0) return [];
    const onSale = await onSaleIds(this.db, hits.map((h) => h.productId));
    hits = hits.filter((h) => onSale.has(h.productId));
    const check = this.settings.windowCheck;
    const look = check && opts.photo ? windowLook(opts.photo, check) : null;
    if (look) {
      // The thumbs the look slides (a see-through piece: more products, its kinds of thumb, and its lead's: lookReads).
      const thumbs = new Map<number, ViewThumb[]>();
      for (const read of lookReads(look, hits.map((h) => h.productId))) {
        for (const [id, got] of await this.thumbsOf(read.ids, read.views)) thumbs.set(id, [...(thumbs.get(id) ?? []), ...got]);
      }
      const before = hits[0]?.score;
      hits = withWindowCheck(hits, look, (id) => thumbs.get(id));
      // A see-through piece: the look's leaders once more, against their pictures at a finer grain.
      const fine = look.lead ? check?.seeThrough?.fine : undefined;
      const pieces = fine && opts.photo ? finePieces(opts.photo) : [];
      if (fine && pieces.length) hits = await withFineCheck(hits, pieces, (id) => this.finePictures(id), fine, before);
    }
    return hits.slice(0, k);
  }

  /**
   * A product's first FINE_PICTURES pictures (the cover first) as the fine check reads them: each one's
   * 'tightThreads' view (the picture cut to its threads, drawn on a plain ground) as fineCells. Made from the
   * stored pictures when a search needs them, never stored.
   */
  private async finePictures(productId: number): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    for (const p of (await this.picturesOf(productId))?.slice(0, FINE_PICTURES) ?? []) {
      const img = await this.picture(productId, p);
      if (img) out.push(await fineThreads(img));
    }
    return out;
  }

  /** The thumbs of these products' pictures (engine/window-check.ts), from their rows of THUMB_VIEWS. */
  private async thumbsOf(productIds: number[], views: readonly ViewName[]): Promise<Map<number, ViewThumb[]>> {
    const out = new Map<number, ViewThumb[]>();
    if (productIds.length === 0 || views.length === 0) return out;
    const rows = await this.db.selectFrom('image_descriptor').select(['product_id', 'view', 'thumb', 'thumb_lace'])
      .where('model', '=', this.model).where('product_id', 'in', productIds).where('view', 'in', [...views]).where('thumb', 'is not', null).execute();
    for (const r of rows) {
      if (!r.thumb) continue;
      const lace = unpackLace(r.thumb_lace);
      (out.get(r.product_id) ?? out.set(r.product_id, []).get(r.product_id)!).push({ view: r.view as ViewName, thumb: new Uint8Array(r.thumb), ...(lace !== undefined ? { lace } : {}) });
    }
    return out;
  }

  /**
   * The best `annExactTop` of re-scored hits scored once more on their best views with the full stored
   * descriptors (EXACT_VIEWS each: 80 rows by primary key): see exactTop in ann-index.ts.
   */
  private async exactTop(queries: Float32Array[], hits: IndexHit[], layout: LayoutScoring | null, lead = this.settings.annExactTop): Promise<IndexHit[]> {
    const m = Math.min(hits.length, lead);
    if (m === 0) return hits;
    const entries = hits.slice(0, m).flatMap((h) => h.entries ?? [h.entry]);
    const vectors = new Map<number, Float32Array>();
    for (let i = 0; i < entries.length; i += 500) {
      const rows = await this.db.selectFrom('image_descriptor').select(['id', 'vec']).where('id', 'in', entries.slice(i, i + 500)).execute();
      for (const r of rows) vectors.set(r.id, fromBytes(r.vec));
    }
    return exactTop(hits, m, queries, (entry) => vectors.get(entry), layout);
  }

  /**
   * pgvector: the nearest stored rows of each query vector by inner product (the descriptors are unit
   * vectors), best per product. Through the HNSW index when there is one: `hnsw.ef_search` (default 40)
   * caps what one index scan returns, so it is raised for this transaction, and from pgvector 0.8 on the
   * scan goes on (iterative, relaxed order: the rows are re-sorted here) until LIMIT rows of this model
   * are found. Products off sale are filtered by the caller.
   */
  private async nearestPg(queries: Float32Array[], k: number): Promise<IndexHit[]> {
    const pg = this.pg as PgVectorSetup;
    const limit = k * 8;
    const type = pgTypeOf(pg), ip = sql.raw(`operator(${pg.schema}.<#>)`);
    const best = new Map<number, IndexHit>();
    await this.db.transaction().execute(async (trx) => {
      if (pg.hnsw) {
        const ef = String(Math.min(HNSW_MAX_EF_SEARCH, Math.max(100, limit)));
        await (pg.iterative
          ? sql`select set_config('hnsw.ef_search', ${ef}, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`
          : sql`select set_config('hnsw.ef_search', ${ef}, true)`).execute(trx);
      }
      for (const q of queries) {
        const rows = await sql<{ id: number; product_id: number; distance: number }>`
          select id, product_id, embedding ${ip} ${vectorLiteral(q)}::${type} as distance from image_descriptor
          where model = ${this.model} and embedding is not null order by distance limit ${limit}`.execute(trx);
        for (const r of rows.rows) {
          const score = -Number(r.distance);
          const cur = best.get(r.product_id);
          if (!cur || score > cur.score) best.set(r.product_id, { productId: r.product_id, score, entry: r.id });
        }
      }
    });
    return [...best.values()].sort((a, b) => b.score - a.score || a.productId - b.productId).slice(0, k);
  }

  /**
   * Uses pgvector when PostgreSQL offers it: an `embedding` column (`vector(dim)` up to 2,000 dimensions,
   * `halfvec(dim)` up to 4,000, above that `vector` without an index) with an HNSW index on inner
   * product; rows stored before (embedding NULL) are filled from their `vec` bytes. Every pgvector name is
   * qualified with the extension's schema: the api's search_path need not contain it (the tests' does not).
   */
  private async enablePgvector(dim: number): Promise<boolean> {
    try {
      const avail = await sql<{ installed: string | null }>`select installed_version as installed from pg_available_extensions where name = 'vector'`.execute(this.db);
      if (avail.rows.length === 0) {
        this.log.info({}, 'pgvector is not available in this PostgreSQL: using the in-process index');
        return false;
      }
      if (!avail.rows[0].installed) {
        // Into `public` where there is one: an extension created in the schema of one api (or test) would
        // be dropped with that schema, taking every other schema's embedding column with it.
        const pub = await sql`select 1 from pg_namespace where nspname = 'public'`.execute(this.db);
        await (pub.rows.length ? sql`create extension if not exists vector schema public` : sql`create extension if not exists vector`).execute(this.db)
          .catch((err) => this.log.warn({ err }, 'create extension vector failed (or another process created it meanwhile)'));
      }
      const ext = await sql<{ schema: string; version: string }>`
        select n.nspname as schema, e.extversion as version from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'vector'`.execute(this.db);
      if (ext.rows.length === 0) {
        this.log.warn({}, 'pgvector is available but the extension could not be created: using the in-process index');
        return false;
      }
      const { version } = ext.rows[0], schema = quoteIdent(ext.rows[0].schema);
      const [major, minor] = version.split('.').map(Number);
      const atLeast = (a: number, b: number) => major > a || (major === a && minor >= b);
      if (!atLeast(0, 5)) {
        this.log.warn({ version }, 'pgvector before 0.5 has no HNSW index: using the in-process index');
        return false;
      }
      let setup: PgVectorSetup;
      if (dim <= HNSW_MAX_VECTOR_DIM) setup = { schema, type: 'vector', dim, hnsw: true, iterative: atLeast(0, 8) };
      else if (dim <= HNSW_MAX_HALFVEC_DIM && atLeast(0, 7)) setup = { schema, type: 'halfvec', dim, hnsw: true, iterative: atLeast(0, 8) };
      else if (dim <= PG_MAX_VECTOR_DIM) {
        setup = { schema, type: 'vector', dim, hnsw: false, iterative: false };
        this.log.warn({ dim, version }, `pgvector has no HNSW index for ${dim} dimensions (vector up to ${HNSW_MAX_VECTOR_DIM}, halfvec up to ${HNSW_MAX_HALFVEC_DIM} from 0.7): PostgreSQL scans every row`);
      } else {
        this.log.warn({ dim }, `pgvector stores at most ${PG_MAX_VECTOR_DIM} dimensions: using the in-process index`);
        return false;
      }

      // The column, re-created when an earlier model left one of another type or size (its index goes with it).
      const col = await sql<{ type: string; typmod: number }>`
        select t.typname as type, a.atttypmod as typmod from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = 'image_descriptor'::regclass and a.attname = 'embedding' and not a.attisdropped`.execute(this.db);
      if (col.rows.length > 0 && (col.rows[0].type !== setup.type || Number(col.rows[0].typmod) !== dim)) {
        this.log.info({ from: `${col.rows[0].type}(${col.rows[0].typmod})`, to: `${setup.type}(${dim})` }, 'pgvector: re-creating the embedding column');
        await sql`alter table image_descriptor drop column embedding`.execute(this.db);
      }
      await sql`alter table image_descriptor add column if not exists embedding ${pgTypeOf(setup)}`.execute(this.db);
      // Filled before the index is built: building over the rows is faster than inserting them one by one.
      await this.backfillEmbeddings(setup);
      if (setup.hnsw) {
        const t0 = Date.now();
        // CONCURRENTLY: the catalogue keeps writing descriptors while a large index builds. A build that
        // failed (or was cut off by a restart) leaves an invalid index that "if not exists" would keep: drop it first.
        const invalid = await sql`select 1 from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = 'image_descriptor_hnsw' and c.relnamespace = current_schema()::regnamespace and not i.indisvalid`.execute(this.db);
        if (invalid.rows.length) {
          this.log.warn({}, 'pgvector: dropping an invalid HNSW index left by an interrupted build');
          await sql`drop index concurrently if exists image_descriptor_hnsw`.execute(this.db);
        }
        await sql`create index concurrently if not exists image_descriptor_hnsw on image_descriptor using hnsw (embedding ${sql.raw(`${schema}.${setup.type}_ip_ops`)})`.execute(this.db);
        this.log.info({ dim, type: setup.type, version, ms: Date.now() - t0 }, 'pgvector HNSW index in use for image search');
      } else await sql`drop index if exists image_descriptor_hnsw`.execute(this.db);
      this.pg = setup;
      return true;
    } catch (err) {
      this.log.warn({ err }, 'pgvector could not be enabled: using the in-process index');
      return false;
    }
  }

  /** Fills `embedding` from the stored Float32 bytes where it is NULL (rows written without pgvector). */
  private async backfillEmbeddings(pg: PgVectorSetup): Promise<number> {
    const t0 = Date.now();
    let last = 0, filled = 0;
    for (;;) {
      const rows = await this.db.selectFrom('image_descriptor').select(['id', 'vec']).where('model', '=', this.model).where('dim', '=', pg.dim)
        .where(sql<boolean>`embedding is null`).where('id', '>', last).orderBy('id').limit(500).execute();
      if (rows.length === 0) break;
      last = rows[rows.length - 1].id;
      const ok = rows.filter((r) => r.vec.byteLength === pg.dim * 4);
      if (ok.length === 0) continue;
      await sql`update image_descriptor as d set embedding = v.e::${pgTypeOf(pg)}
        from unnest(${ok.map((r) => r.id)}::int[], ${ok.map((r) => vectorLiteral(fromBytes(r.vec)))}::text[]) as v(id, e) where d.id = v.id`.execute(this.db);
      filled += ok.length;
    }
    if (filled > 0) this.log.info({ rows: filled, ms: Date.now() - t0 }, 'pgvector: embeddings filled from the stored descriptors');
    return filled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.client.close();
    if (this.index && this.started) await this.save().catch(() => undefined);
  }
}

/** pgvector's limits: HNSW indexes `vector` up to 2,000 dimensions and `halfvec` up to 4,000; `vector` holds 16,000. */
const HNSW_MAX_VECTOR_DIM = 2000, HNSW_MAX_HALFVEC_DIM = 4000, PG_MAX_VECTOR_DIM = 16000, HNSW_MAX_EF_SEARCH = 1000;

/** How `embedding` is stored and searched, decided at start by enablePgvector. */
interface PgVectorSetup {
  /** the extension's schema, quoted */
  schema: string;
  type: 'vector' | 'halfvec';
  dim: number;
  hnsw: boolean;
  /** pgvector 0.8+: iterative index scans (enough rows despite the model filter and ef_search) */
  iterative: boolean;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The column type, e.g. `"public".vector(1634)`, for the column and for casts. */
function pgTypeOf(pg: PgVectorSetup) {
  return sql.raw(`${pg.schema}.${pg.type}(${pg.dim})`);
}
