// The default storage driver: files in a local directory, served by the api at GET /files/*. A file's URL
// carries its version (size and modification time), so a changed picture gets a new URL and every URL can
// be cached for good; `?v=` also tells pages the api makes widths and formats of it (image-variants.ts).
import fs from 'node:fs/promises';
import { statSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { StorageDriver, UploadCredentials } from './storage';
import { encodeStoragePath, normaliseStoragePath, resolveUnderRoot, UnsafeStoragePathError } from './storage-path';

export interface LocalStorageOptions {
  /** the directory files live in */
  dir: string;
  /** URL prefix the /files route is reachable under, e.g. "/api/files" */
  publicBase: string;
  /** where the browser POSTs a file when there is no object store (the upload route of the file module) */
  uploadUrl?: string;
  /** lifetime of an upload grant, seconds */
  grantSeconds?: number;
}

export interface LocalStorageDriver extends StorageDriver {
  readonly name: 'local';
  readonly root: string;
  /** Absolute path of a stored file (throws for an unsafe path). */
  filePath(relPath: string): string;
  /** The version of a stored file, or null when there is none (or the path is unsafe). */
  version(relPath: string): string | null;
}

/** A file's version from its size and modification time: base 36, short, changes when the file does. */
export function fileVersion(st: { size: number; mtimeMs: number }): string {
  return `${st.size.toString(36)}.${Math.floor(st.mtimeMs).toString(36)}`;
}

export function createLocalStorage(opts: LocalStorageOptions): LocalStorageDriver {
  const root = path.resolve(opts.dir);
  const publicBase = opts.publicBase.replace(/\/+$/, '');
  const grantSeconds = opts.grantSeconds ?? 900;
  const filePath = (relPath: string) => resolveUnderRoot(root, relPath);
  // A stat is a few microseconds; url() is synchronous and called for every picture of a list.
  const version = (relPath: string): string | null => {
    try {
      const st = statSync(filePath(relPath), { throwIfNoEntry: false });
      return st?.isFile() ? fileVersion(st) : null;
    } catch {
      return null;
    }
  };

  return {
    name: 'local',
    root,
    filePath,
    version,

    async put(relPath, body) {
      const target = filePath(relPath);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, target);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },

    async get(relPath) {
      try {
        return await fs.readFile(filePath(relPath));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },

    async head(relPath) {
      try {
        const st = await fs.stat(filePath(relPath));
        return st.isFile() ? { size: st.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async remove(relPath) {
      await fs.rm(filePath(relPath), { force: true });
    },

    url(relPath) {
      const v = version(relPath);
      return `${publicBase}/${encodeStoragePath(relPath)}${v ? `?v=${v}` : ''}`;
    },

    async uploadCredentials(dir): Promise<UploadCredentials> {
      const clean = normaliseStoragePath(dir.replace(/\/+$/, ''));
      if (clean === null) throw new UnsafeStoragePathError(dir);
      return {
        dir: `${clean}/`,
        accessKeyId: '',
        accessKeySecret: '',
        securityToken: '',
        endpoint: publicBase,
        bucket: 'local',
        region: 'local',
        expiration: new Date(Date.now() + grantSeconds * 1000).toISOString(),
        mode: 'local',
        uploadUrl: opts.uploadUrl ?? '/api/file/upload',
        keyPrefix: '',
        form: {},
      };
    },
  };
}
