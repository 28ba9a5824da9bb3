// The rendered-page cache for anonymous visitors: pages whose route says `pageCache` (home, galleries),
// answered 200, kept whole by path + query + language. An entry is fresh for `freshMs`; after that it is
// still served, up to `staleMs` old, while one background render replaces it (stale-while-revalidate).
// Every entry is dropped when the catalogue changes: the api's catalogue version is asked in the
// background every half `versionCheckMs` while guests come, and a guest waits for that call only when the
// last answer is older than `versionCheckMs` (after a quiet spell). A cached body carries no per-response
// nonce, so its Content-Security-Policy allows its inline scripts by their SHA-256 hashes instead.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Got } from 'got';
import type { FastifyBaseLogger } from 'fastify';
import type { Envelope } from '../../isomorphic/domain/codes';

export interface CachedPage {
  status: number;
  body: Buffer;
  etag: string;
  /** the sha256 sources of its inline scripts, for script-src */
  scriptHashes: string[];
  at: number;
  /** compressed copies, made on first demand */
  br?: Buffer;
  gzip?: Buffer;
  /** its Content-Security-Policy header, made on first demand */
  csp?: string;
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  maxEntries?: number;
  maxBytes?: number;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hash sources of a document's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (m[1]) out.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return [...out];
}

export function makeCachedPage(status: number, html: string, now = Date.now()): CachedPage {
  const body = Buffer.from(html, 'utf8');
  return { status, body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`, scriptHashes: inlineScriptHashes(html), at: now };
}

/** The encodings an Accept-Encoding header allows (q > 0). */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) out.add(name);
  }
  return out;
}

/**
 * Brotli for pages, a window of 256 KB (pages are smaller) instead of 4 MB to set up per page. A kept copy
 * (the page cache's, made once for many answers) at quality 5; a page rendered for one request at quality
 * 3, about 2.5 times less CPU for a fifth more bytes (the gallery's 90 K characters: 1.4 ms and 13.5 KB at
 * 5, 0.55 ms and 16.4 KB at 3, 1.0 ms and 15.3 KB at 4; gzip 6 1.1 ms and 15.8 KB, session 15).
 */
const KEPT_QUALITY = 5;
const PER_REQUEST_QUALITY = 3;
const brotliParams = (size: number, quality: number) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
});
/** gzip (when br is not accepted): level 6 for a kept copy, 4 for a page rendered for one request. */
const GZIP_LEVEL = 6;
const PER_REQUEST_GZIP_LEVEL = 4;
/** Below this a page goes out as it is. */
const COMPRESS_FROM = 1024;

/** The encoding a page goes out in for an Accept-Encoding header: br, else gzip, else none. */
function pageEncoding(body: Buffer, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (body.length < COMPRESS_FROM) return undefined;
  const ok = accepted(acceptEncoding);
  return ok.has('br') ? 'br' : ok.has('gzip') ? 'gzip' : undefined;
}

/** The body of a page for an Accept-Encoding, compressed once and kept with the entry. */
export function encodedBody(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const encoding = pageEncoding(page.body, acceptEncoding);
  if (encoding === 'br') {
    page.br ??= zlib.brotliCompressSync(page.body, { params: brotliParams(page.body.length, KEPT_QUALITY) });
    return { body: page.br, encoding };
  }
  if (encoding === 'gzip') {
    page.gzip ??= zlib.gzipSync(page.body, { level: GZIP_LEVEL });
    return { body: page.gzip, encoding };
  }
  return { body: page.body };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page rendered for one request, compressed in one call on libuv's threads (not through a compression
 * stream flushed at every chunk, whose set-up and flushes had cost more than rendering the page).
 */
export async function compressedPage(body: Buffer, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const encoding = pageEncoding(body, acceptEncoding);
  if (encoding === 'br') return { body: await brotli(body, { params: brotliParams(body.length, PER_REQUEST_QUALITY) }), encoding };
  if (encoding === 'gzip') return { body: await gzip(body, { level: PER_REQUEST_GZIP_LEVEL }), encoding };
  return { body };
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly revalidating = new Set<string>();
  private bytes = 0;
  /** grows with every clear(): a render begun before a catalogue change must not be stored after it */
  generation = 0;
  readonly freshMs: number;
  readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(opts: PageCacheOptions) {
    this.freshMs = opts.freshMs;
    this.staleMs = Math.max(opts.staleMs, opts.freshMs);
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  }

  /** The entry of a key and whether it is still fresh; nothing when missing or older than staleMs. */
  get(key: string, now = Date.now()): { page: CachedPage; fresh: boolean } | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    const age = now - page.at;
    if (age >= this.staleMs) {
      this.delete(key);
      return undefined;
    }
    return { page, fresh: age < this.freshMs };
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.body.length;
    // Oldest first out (Map keeps insertion order; a refreshed entry moves to the end).
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string | undefined;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.bytes -= page.body.length;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Runs one background refresh of a key at a time; a refresh already under way is not repeated. */
  revalidate(key: string, render: () => Promise<void>, log: FastifyBaseLogger): void {
    if (this.revalidating.has(key)) return;
    this.revalidating.add(key);
    render().catch((err: unknown) => log.warn({ err, key }, 'page cache: background render failed')).finally(() => this.revalidating.delete(key));
  }
}

/**
 * The api's catalogue version, asked at most once per `checkMs`: a change calls `onChange` (the page
 * cache empties). Until the first answer, and while the api does not answer,
 * nothing is cached (`known` is false).
 */
export class CatalogueVersionWatch {
  private version: string | undefined;
  /** when the last finished check started: what the cache knows is true as of then */
  private verifiedAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly http: Got,
    private readonly checkMs: number,
    private readonly onChange: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  get known(): boolean {
    return this.version !== undefined;
  }

  /**
   * Resolves when what the cache holds is known to be at most `checkMs` old. Past half that age a check
   * starts in the background, so that under steady traffic no guest waits for it; past the whole age
   * (after a quiet spell) the guest waits for the check, so that nobody, a crawler included, is served a
   * page from before a change that happened more than `checkMs` ago.
   */
  poke(now = Date.now()): Promise<void> {
    const age = now - this.verifiedAt;
    if (age < this.checkMs / 2) return Promise.resolve();
    if (!this.pending) {
      this.pending = this.fetch().then(() => { this.verifiedAt = now; }).finally(() => { this.pending = undefined; });
    }
    return age < this.checkMs ? Promise.resolve() : this.pending;
  }

  private async fetch(): Promise<void> {
    try {
      const res = await this.http.get('product/catalogueVersion', { responseType: 'json' });
      const env = res.body as Envelope<{ version: string }> | undefined;
      if (res.statusCode !== 200 || !env || env.code !== 0 || typeof env.data?.version !== 'string') throw new Error(`status ${res.statusCode}`);
      if (this.version !== undefined && env.data.version !== this.version) this.onChange();
      this.version = env.data.version;
    } catch (err) {
      // Unknown state: stop serving what may be stale until the api answers again.
      if (this.version !== undefined) this.onChange();
      this.version = undefined;
      this.log.warn({ err }, 'page cache: the catalogue version could not be read');
    }
  }
}
