// Storage drivers: where uploaded and seeded files live. The local directory is the default; Aliyun OSS
// (with temporary STS credentials for browser uploads) is chosen by STORAGE_DRIVER=oss.
import type { UploadCredentials } from '../../../isomorphic/contracts/catalogue';

export type { UploadCredentials };

export interface StorageDriver {
  readonly name: 'local' | 'oss';
  /** Stores bytes at a relative path such as "product/12/cover.jpg". */
  put(relPath: string, body: Buffer, contentType: string): Promise<void>;
  get(relPath: string): Promise<Buffer | null>;
  /** Size of a stored object without reading it, or null when there is none. */
  head(relPath: string): Promise<{ size: number } | null>;
  remove(relPath: string): Promise<void>;
  /** Public URL of a stored path. */
  url(relPath: string): string;
  /** Temporary credentials for a browser upload into `dir`. */
  uploadCredentials(dir: string): Promise<UploadCredentials>;
  /**
   * Drivers whose browser uploads land in a staging prefix first (oss): deletes the staged objects last
   * written before `before` (never confirmed); how many.
   */
  sweepStaged?(before: Date): Promise<number>;
}

/** Where browser uploads to OSS land until /file/confirm has checked them (keyPrefix of the credentials). */
export const STAGING_PREFIX = 'staging/';
