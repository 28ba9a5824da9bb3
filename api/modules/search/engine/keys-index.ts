// The in-process "index" when pgvector holds the vectors: it keeps which stored rows belong to which
// product (for the status counts and for replacing a product's rows), never the vectors themselves, so an
// api on pgvector does not hold a second copy of the catalogue's descriptors in memory. Searching it is a
// programming error: the service asks PostgreSQL instead.
import type { IndexHit, VectorIndex } from './vector-index';

export class KeysIndex implements VectorIndex {
  readonly kind = 'keys' as const;
  private readonly keysOf = new Map<number, number[]>();
  private size = 0;

  constructor(readonly dim: number) {}

  get count(): number { return this.size; }
  productCount(): number { return this.keysOf.size; }
  has(productId: number): boolean { return this.keysOf.has(productId); }
  /** a map entry and its key list: about 16 bytes a row and 80 a product */
  bytes(): number { return this.size * 16 + this.keysOf.size * 80; }

  add(productId: number, vectors: Float32Array[], keys?: number[]): void {
    this.addMany([{ productId, vectors, keys }]);
  }

  /** Records the rows' keys; `vectors` only count them where no keys are given. */
  addMany(items: Array<{ productId: number; vectors: Float32Array[]; keys?: number[] }>): void {
    for (const { productId, vectors, keys } of items) {
      const list = this.keysOf.get(productId) ?? [];
      const added = keys ?? vectors.map(() => 0);
      list.push(...added);
      this.size += added.length;
      this.keysOf.set(productId, list);
    }
  }

  removeProduct(productId: number): number {
    const n = this.keysOf.get(productId)?.length ?? 0;
    this.keysOf.delete(productId);
    this.size -= n;
    return n;
  }

  search(): IndexHit[] {
    throw new Error('the vectors are in PostgreSQL (pgvector): search there');
  }

  /** Nothing to keep: the rows in the database are the index. */
  async save(): Promise<void> {}
}
