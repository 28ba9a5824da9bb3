// The catalogue side of photo search: which pictures of which products are in the index, indexing a
// product when it is created or changed, indexing the catalogue in the background after start, keeping
// the index file under the data dir, and answering nearest-neighbour queries (the flat in-process index,
// or pgvector's HNSW on PostgreSQL where the `vector` extension exists).
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/database';
import type { StorageDriver } from '../file/storage';
import { ExtractClient, type ExtractorInfo } from './engine/extract-client';
import { FlatIndex, type IndexHit } from './engine/flat-index';
import { decodeUpload, type ImageLimits } from './engine/image-input';
import type { RgbImage } from './engine/types';
import type { ImageSearchSettings } from './image-search.settings';
import type { SearchStatus } from '../../../isomorphic/api-client/search-types';

export interface SearchLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** GET /search/status: the shape the pages read. */
export type IndexStatus = SearchStatus;

/** Catalogue pictures may be larger than uploads; they are ours and already checked when stored. */
const CATALOGUE_LIMITS: ImageLimits = { maxBytes: 60 * 1024 * 1024, maxSide: 20_000, maxPixels: 120_000_000, workSide: 640 };

const toBytes = (v: Float32Array) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
const fromBytes = (b: Uint8Array) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
const vectorLiteral = (v: Float32Array) => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

export class ImageIndexService {
  readonly client: ExtractClient;
  private index: FlatIndex | null = null;
  private info: ExtractorInfo | null = null;
  private started: Promise<void> | null = null;
  private backgroundDone = false;
  private watermark = 0;
  private indexedProducts = new Set<number>();
  private attempted = new Set<number>();
  private total = 0;
  private pgvector = false;
  private timers: NodeJS.Timeout[] = [];
  private saveTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private background: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
    private readonly storage: StorageDriver,
    readonly settings: ImageSearchSettings,
    private readonly log: SearchLog,
  ) {
    this.client = new ExtractClient({ modelDir: settings.modelDir, inputSize: settings.inputSize, backend: settings.backend, weights: settings.weights });
  }

  get model(): string { return this.info?.name ?? ''; }
  private get indexFile(): string { return path.join(this.settings.indexDir, `${this.model.replace(/[^A-Za-z0-9._-]+/g, '_')}.idx`); }

  /** Loads the model and the index; then indexes what is missing in the background. Idempotent. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const t0 = Date.now();
      this.info = await this.client.start();
      this.log.info({ model: this.info.name, dim: this.info.dim, backend: this.info.backend, ms: Date.now() - t0 }, 'image search model loaded');
      if (this.dialect === 'postgres' && this.settings.pgvector === 'auto') this.pgvector = await this.enablePgvector(this.info.dim);
      await this.loadIndex();
      await this.countTotal();
      if (this.settings.indexOnStart) this.background = this.indexMissing().catch((err) => this.log.error({ err }, 'background image indexing failed'));
      else this.backgroundDone = true;
      if (this.settings.refreshMs > 0) {
        const t = setInterval(() => void this.refresh().catch((err) => this.log.warn({ err }, 'image index refresh failed')), this.settings.refreshMs);
        t.unref();
        this.timers.push(t);
      }
    })();
    return this.started;
  }

  /** Resolves when the background indexing that started with the service has finished. */
  async idle(): Promise<void> {
    await this.start();
    await this.background;
  }

  async status(): Promise<IndexStatus> {
    await this.countTotal().catch(() => undefined);
    return {
      ready: this.index !== null && this.backgroundDone,
      indexed: this.indexedProducts.size,
      total: this.total,
      entries: this.index?.count ?? 0,
      model: this.model,
      backend: this.info?.backend ?? '',
      nearestNeighbours: this.pgvector ? 'pgvector' : 'flat',
      queued: this.client.queued,
    };
  }

  private async countTotal(): Promise<void> {
    const row = await this.db.selectFrom('product').where('status', '=', 1).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    this.total = Number(row.n);
  }

  /** The index file when it matches the descriptors in the database, else the index rebuilt from them. */
  private async loadIndex(): Promise<void> {
    const dim = (this.info as ExtractorInfo).dim;
    const stats = await this.db.selectFrom('image_descriptor').where('model', '=', this.model)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('maxId')]).executeTakeFirstOrThrow();
    const count = Number(stats.n), maxId = Number(stats.maxId ?? 0);
    const saved = await FlatIndex.load(this.indexFile);
    if (saved && saved.index.dim === dim && saved.meta.model === this.model && saved.meta.maxId === maxId && saved.meta.count === count) {
      this.index = saved.index;
      this.watermark = maxId;
      this.indexedProducts = new Set((saved.meta.products as number[] | undefined) ?? []);
      this.log.info({ entries: count, file: this.indexFile }, 'image index loaded from file');
      return;
    }
    this.index = new FlatIndex(dim, Math.max(1024, count));
    this.indexedProducts.clear();
    await this.loadRowsAfter(0);
    this.log.info({ entries: this.index.count }, 'image index built from stored descriptors');
    if (count > 0) await this.save();
  }

  /** Adds stored descriptors with id > `after` (replacing those products' entries). */
  private async loadRowsAfter(after: number): Promise<number> {
    const index = this.index as FlatIndex;
    let last = after, added = 0;
    const replaced = new Set<number>();
    for (;;) {
      const rows = await this.db.selectFrom('image_descriptor').select(['id', 'product_id', 'vec', 'dim'])
        .where('model', '=', this.model).where('id', '>', last).orderBy('id').limit(2000).execute();
      if (rows.length === 0) break;
      const byProduct = new Map<number, Float32Array[]>();
      for (const r of rows) {
        if (r.dim !== index.dim) continue;
        if (after > 0 && !replaced.has(r.product_id)) {
          index.removeProduct(r.product_id);
          replaced.add(r.product_id);
        }
        const list = byProduct.get(r.product_id) ?? [];
        list.push(fromBytes(r.vec));
        byProduct.set(r.product_id, list);
      }
      for (const [pid, vecs] of byProduct) {
        index.add(pid, vecs);
        this.indexedProducts.add(pid);
        added += vecs.length;
      }
      last = rows[rows.length - 1].id;
    }
    this.watermark = Math.max(this.watermark, last);
    return added;
  }

  /** Picks up descriptors written by another process (the import command, another api replica). */
  async refresh(): Promise<void> {
    if (!this.index || this.stopped) return;
    const added = await this.loadRowsAfter(this.watermark);
    if (added > 0) this.scheduleSave();
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

  /** Indexes on-sale products that have no descriptors for the current model, oldest first. */
  private async indexMissing(): Promise<void> {
    let done = 0;
    const t0 = Date.now();
    for (;;) {
      if (this.stopped) return;
      const ids = (await this.db.selectFrom('product as p').select('p.id').where('p.status', '=', 1)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('image_descriptor as d').select('d.id').whereRef('d.product_id', '=', 'p.id').where('d.model', '=', this.model))))
        .orderBy('p.id').limit(200).execute()).map((r) => r.id).filter((id) => !this.attempted.has(id));
      if (ids.length === 0) break;
      for (const id of ids) {
        if (this.stopped) return;
        this.attempted.add(id);
        try {
          await this.indexProduct(id);
          done++;
        } catch (err) {
          this.log.warn({ err, productId: id }, 'indexing a product image failed');
        }
      }
    }
    this.backgroundDone = true;
    if (done > 0) {
      await this.save();
      this.log.info({ products: done, ms: Date.now() - t0 }, 'background image indexing finished');
    }
  }

  /** The pictures of a product: cover, gallery and colour cards, without repeats. */
  private async picturesOf(productId: number): Promise<string[] | null> {
    const product = await this.db.selectFrom('product').select(['id', 'status', 'cover_path']).where('id', '=', productId).executeTakeFirst();
    if (!product || product.status !== 1) return null;
    const [images, cards] = await Promise.all([
      this.db.selectFrom('product_image').select('path').where('product_id', '=', productId).orderBy('sort').orderBy('id').execute(),
      this.db.selectFrom('colour_card').select('image_path').where('product_id', '=', productId).orderBy('sort').orderBy('id').execute(),
    ]);
    const all = [product.cover_path, ...images.map((i) => i.path), ...cards.map((c) => c.image_path)].filter((p) => p);
    return [...new Set(all)].slice(0, this.settings.maxImagesPerProduct);
  }

  /**
   * (Re)indexes one product: every picture at every catalogue view. A removed product, or one without
   * pictures, leaves the index. Returns the number of vectors stored.
   */
  async indexProduct(productId: number): Promise<number> {
    await this.start();
    const pictures = await this.picturesOf(productId);
    const rows: Array<{ path: string; view: string; vec: Float32Array }> = [];
    for (const p of pictures ?? []) {
      const bytes = await this.storage.get(p);
      if (!bytes) {
        this.log.warn({ productId, path: p }, 'product picture missing from storage');
        continue;
      }
      const img = await decodeUpload(bytes, CATALOGUE_LIMITS);
      const { promise } = this.client.describe(img, this.settings.catalogueViews, 'index');
      const vecs = await promise;
      vecs.forEach((vec, i) => rows.push({ path: p, view: this.settings.catalogueViews[i], vec }));
    }
    const now = new Date().toISOString();
    const dim = (this.info as ExtractorInfo).dim;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('image_descriptor').where('product_id', '=', productId).execute();
      for (let i = 0; i < rows.length; i += 100) {
        await trx.insertInto('image_descriptor').values(rows.slice(i, i + 100).map((r) => ({
          product_id: productId, image_path: r.path, view: r.view, model: this.model, dim, vec: toBytes(r.vec), created_at: now,
        }))).execute();
      }
      if (this.pgvector && rows.length) {
        for (const r of rows) {
          await sql`update image_descriptor set embedding = ${vectorLiteral(r.vec)}::vector where product_id = ${productId} and image_path = ${r.path} and view = ${r.view}`.execute(trx);
        }
      }
    });
    const index = this.index as FlatIndex;
    index.removeProduct(productId);
    if (rows.length) {
      index.add(productId, rows.map((r) => r.vec));
      this.indexedProducts.add(productId);
    } else this.indexedProducts.delete(productId);
    // The rows just written are newer than the watermark: the next refresh() reads them again, which is
    // harmless (same vectors), and it also catches rows another process wrote meanwhile.
    this.scheduleSave();
    return rows.length;
  }

  /** Drops a product from the index (and its stored descriptors). */
  async removeProduct(productId: number): Promise<void> {
    await this.db.deleteFrom('image_descriptor').where('product_id', '=', productId).execute();
    this.index?.removeProduct(productId);
    this.indexedProducts.delete(productId);
    this.scheduleSave();
  }

  /** Query descriptors for a photo; `id` lets a queued extraction be withdrawn. */
  describeQuery(img: RgbImage): { id: number; promise: Promise<Float32Array[]> } {
    return this.client.describe(img, this.settings.queryViews, 'query');
  }

  /** Nearest products of query vectors, best first, on-sale products only. */
  async nearest(queries: Float32Array[], k: number): Promise<IndexHit[]> {
    await this.start();
    let hits: IndexHit[];
    if (this.pgvector) hits = await this.nearestPg(queries, k * 3);
    else hits = (this.index as FlatIndex).search(queries, k * 3);
    if (hits.length === 0) return [];
    const onSale = new Set((await this.db.selectFrom('product as p').innerJoin('company as c', 'c.id', 'p.company_id').select('p.id')
      .where('p.id', 'in', hits.map((h) => h.productId)).where('p.status', '=', 1).where('c.status', '=', 1).execute()).map((r) => r.id));
    return hits.filter((h) => onSale.has(h.productId)).slice(0, k);
  }

  /** pgvector HNSW (inner product on unit vectors). Untested here: this machine's PostgreSQL has no `vector` extension. */
  private async nearestPg(queries: Float32Array[], k: number): Promise<IndexHit[]> {
    const best = new Map<number, IndexHit>();
    for (const q of queries) {
      const lit = vectorLiteral(q);
      const rows = await sql<{ id: number; product_id: number; score: number }>`
        select id, product_id, -(embedding <#> ${lit}::vector) as score from image_descriptor
        where model = ${this.model} order by embedding <#> ${lit}::vector limit ${k * 8}`.execute(this.db);
      for (const r of rows.rows) {
        const cur = best.get(r.product_id);
        if (!cur || r.score > cur.score) best.set(r.product_id, { productId: r.product_id, score: Number(r.score), entry: r.id });
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score).slice(0, k);
  }

  /** Uses pgvector when PostgreSQL offers it: an embedding column and an HNSW index on it. */
  private async enablePgvector(dim: number): Promise<boolean> {
    try {
      const avail = await sql<{ name: string }>`select name from pg_available_extensions where name = 'vector'`.execute(this.db);
      if (avail.rows.length === 0) {
        this.log.info({}, 'pgvector is not available in this PostgreSQL: using the in-process index');
        return false;
      }
      await sql`create extension if not exists vector`.execute(this.db);
      await sql.raw(`alter table image_descriptor add column if not exists embedding vector(${dim})`).execute(this.db);
      await sql.raw(`create index if not exists image_descriptor_hnsw on image_descriptor using hnsw (embedding vector_ip_ops)`).execute(this.db);
      this.log.info({ dim }, 'pgvector HNSW index in use for image search');
      return true;
    } catch (err) {
      this.log.warn({ err }, 'pgvector could not be enabled: using the in-process index');
      return false;
    }
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
