// Storage paths are relative, forward-slash separated and never climb out of their root: every driver
// and the /files route check them here, so a path taken from a request cannot reach another file.
import path from 'node:path';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The normalised relative path, or null when it is empty, absolute, has ".." or odd characters. */
export function normaliseStoragePath(relPath: string): string | null {
  if (typeof relPath !== 'string' || relPath.length === 0 || relPath.length > 512) return null;
  const segments = relPath.split('/');
  if (segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..' || s.includes('..'))) return null;
  return segments.join('/');
}

export function isSafeStoragePath(relPath: string): boolean {
  return normaliseStoragePath(relPath) !== null;
}

export class UnsafeStoragePathError extends Error {
  constructor(relPath: string) {
    super(`unsafe storage path: ${JSON.stringify(relPath.slice(0, 200))}`);
    this.name = 'UnsafeStoragePathError';
  }
}

/** Absolute file path of `relPath` under `root`; throws for a path that would leave the root. */
export function resolveUnderRoot(root: string, relPath: string): string {
  const rel = normaliseStoragePath(relPath);
  if (rel === null) throw new UnsafeStoragePathError(relPath);
  const base = path.resolve(root);
  const full = path.resolve(base, ...rel.split('/'));
  if (full !== base && !full.startsWith(base + path.sep)) throw new UnsafeStoragePathError(relPath);
  return full;
}

/** Encodes each segment for use in a URL (segments are already restricted, this is belt and braces). */
export function encodeStoragePath(relPath: string): string {
  return relPath.split('/').map(encodeURIComponent).join('/');
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

export function contentTypeFor(relPath: string): string {
  return CONTENT_TYPES[path.extname(relPath).toLowerCase()] ?? 'application/octet-stream';
}
