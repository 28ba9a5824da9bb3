// A linear projection of descriptors to fewer dimensions, fitted by principal component analysis on a
// sample of the catalogue's own descriptors. Large catalogues are searched in the projected space: a
// 1,634-float descriptor becomes e.g. 256 numbers, which the approximate index keeps as int8, so 100,000
// pictures × 12 views fit in a few hundred MB and one query touches a few thousand vectors.
//
// The fit is a randomised subspace iteration (Halko, Martinsson & Tropp 2011): start from a random basis,
// multiply by the sample's covariance a few times, re-orthonormalising in between. It finds the span of
// the leading components without forming the covariance matrix; the order within the span does not
// matter for inner products, so no eigen-decomposition follows.
import { Rng } from '../../../db/seed/random';
import { dotAt } from './types';

const MAGIC = 0x50524f4a; // "PROJ"

export class Projection {
  /** `basis` is `k` rows of `dim` numbers, orthonormal; `mean` is subtracted first. */
  constructor(readonly dim: number, readonly k: number, readonly mean: Float32Array, readonly basis: Float32Array) {
    if (mean.length !== dim || basis.length !== dim * k) throw new Error('projection shape mismatch');
  }

  /** The projected, L2-normalised vector (written into `out` when given; `normalise: false` leaves its length). */
  apply(v: Float32Array, out = new Float32Array(this.k), normalise = true): Float32Array {
    const { dim, k, mean, basis } = this;
    const c = new Float32Array(dim);
    for (let j = 0; j < dim; j++) c[j] = v[j] - mean[j];
    let norm = 0;
    for (let r = 0, off = 0; r < k; r++, off += dim) {
      const s = dotAt(basis, off, c, 0, dim);
      out[r] = s;
      norm += s * s;
    }
    norm = Math.sqrt(norm);
    if (normalise && norm > 0) for (let r = 0; r < k; r++) out[r] /= norm;
    return out;
  }

  toBuffer(): Buffer {
    const header = Buffer.alloc(12);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(this.dim, 4);
    header.writeUInt32LE(this.k, 8);
    return Buffer.concat([header, Buffer.from(this.mean.buffer, this.mean.byteOffset, this.mean.byteLength), Buffer.from(this.basis.buffer, this.basis.byteOffset, this.basis.byteLength)]);
  }

  /** Reads what `toBuffer` wrote; returns the projection and the number of bytes it took. */
  static fromBuffer(buf: Buffer, at = 0): { projection: Projection; bytes: number } {
    if (buf.readUInt32LE(at) !== MAGIC) throw new Error('not a projection');
    const dim = buf.readUInt32LE(at + 4), k = buf.readUInt32LE(at + 8);
    const bytes = 12 + 4 * dim + 4 * dim * k;
    const copy = buf.buffer.slice(buf.byteOffset + at + 12, buf.byteOffset + at + bytes);
    return { projection: new Projection(dim, k, new Float32Array(copy, 0, dim), new Float32Array(copy, 4 * dim, dim * k)), bytes };
  }

  /**
   * Fits a `k`-dimensional projection to `sample` (vectors of `dim` numbers). With fewer sample vectors
   * than `k`, or `k` ≥ `dim`, the leading directions are still found but some are noise; callers fit on
   * thousands of vectors.
   */
  static fit(sample: Float32Array[], dim: number, k: number, opts: { iterations?: number; seed?: number } = {}): Projection {
    const n = sample.length;
    if (n === 0) throw new Error('cannot fit a projection to no vectors');
    k = Math.min(k, dim);
    const mean = new Float32Array(dim);
    for (const v of sample) for (let j = 0; j < dim; j++) mean[j] += v[j];
    for (let j = 0; j < dim; j++) mean[j] /= n;
    // Centred sample, row-major n × dim.
    const x = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) for (let j = 0; j < dim; j++) x[i * dim + j] = sample[i][j] - mean[j];
    const rng = new Rng(opts.seed ?? 20261122);
    // Q: k rows of dim (each row a basis vector), random Gaussian to start.
    let q = new Float32Array(k * dim);
    for (let i = 0; i < q.length; i++) q[i] = rng.gaussian();
    orthonormaliseRows(q, k, dim);
    const y = new Float32Array(n * k); // X Qᵀ: n × k
    for (let it = 0; it < (opts.iterations ?? 3); it++) {
      // Y = X Qᵀ (n × k), then Q = Yᵀ X (k × dim) = (Xᵀ X Qᵀ)ᵀ, re-orthonormalised.
      for (let i = 0; i < n; i++) {
        const xo = i * dim;
        for (let r = 0; r < k; r++) y[i * k + r] = dotAt(x, xo, q, r * dim, dim);
      }
      const next = new Float32Array(k * dim);
      for (let i = 0; i < n; i++) {
        const xo = i * dim;
        for (let r = 0; r < k; r++) {
          const w = y[i * k + r];
          if (w === 0) continue;
          const qo = r * dim;
          for (let j = 0; j < dim; j++) next[qo + j] += w * x[xo + j];
        }
      }
      orthonormaliseRows(next, k, dim);
      q = next;
    }
    return new Projection(dim, k, mean, q);
  }
}

/** Modified Gram–Schmidt on the rows (twice, for stability in float32); a row that vanishes becomes random. */
function orthonormaliseRows(m: Float32Array, rows: number, dim: number): void {
  const rng = new Rng(rows * 31 + dim);
  for (let pass = 0; pass < 2; pass++) {
    for (let r = 0; r < rows; r++) {
      const ro = r * dim;
      for (let p = 0; p < r; p++) {
        const po = p * dim;
        const d = dotAt(m, ro, m, po, dim);
        for (let j = 0; j < dim; j++) m[ro + j] -= d * m[po + j];
      }
      let norm = Math.sqrt(dotAt(m, ro, m, ro, dim));
      if (norm < 1e-6) {
        for (let j = 0; j < dim; j++) m[ro + j] = rng.gaussian();
        r--; // orthogonalise the replacement again
        continue;
      }
      norm = 1 / norm;
      for (let j = 0; j < dim; j++) m[ro + j] *= norm;
    }
  }
}
