// What the photo-search service needs of a nearest-neighbour index, whichever kind holds the vectors:
// the exact flat scan (small catalogues) or the projected HNSW graph (large ones); with pgvector, only the
// rows' keys are kept in process (keys-index.ts).
import type { LayoutScoring } from './layout';

/** `entry` is the best entry found; `entries` (approximate indexes) the product's entries worth re-scoring. */
export interface IndexHit { productId: number; score: number; entry: number; entries?: number[] }

export interface VectorIndex {
  /** flat: exact scan; ann: projected HNSW graph; keys: row keys only, the vectors being in pgvector */
  readonly kind: 'flat' | 'ann' | 'keys';
  /** length of the descriptors it takes */
  readonly dim: number;
  /** vectors held */
  readonly count: number;
  productCount(): number;
  has(productId: number): boolean;
  bytes(): number;
  /** adds one product's vectors; `keys` are their stored row ids where the index keeps them */
  add(productId: number, vectors: Float32Array[], keys?: number[]): void;
  /** the same for several products at once */
  addMany(items: Array<{ productId: number; vectors: Float32Array[]; keys?: number[] }>): void;
  removeProduct(productId: number): number;
  /** the `k` best products for the query views, best first (`layout`: boosted by the layout where the index can, layout.ts) */
  search(queries: Float32Array[], k: number, allow?: (productId: number) => boolean, layout?: LayoutScoring | null): IndexHit[];
  save(file: string, meta: Record<string, unknown>): Promise<void>;
}
