// The dictionary tree, fetched from the api once per process and refreshed in the background. A failed
// refresh keeps the copy we have; until the first success it retries every few seconds.
import type { FastifyBaseLogger } from 'fastify';
import type { Got } from 'got';
import type { DictGroup } from '../isomorphic/contracts/common';
import { isEnvelope } from '../isomorphic/api-client/results';
import type { WebMetrics } from './metrics';

const FIRST_LOAD_RETRY_MS = 3000;

export class DictionaryCache {
  groups: DictGroup[] = [];
  loadedAt: Date | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<boolean> | undefined;
  private stopped = false;

  constructor(
    private readonly http: Got,
    private readonly refreshMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: WebMetrics,
  ) {}

  get loaded(): boolean {
    return this.loadedAt !== null;
  }

  /** First load (awaited, never throws), then background refreshes. */
  async start(): Promise<void> {
    await this.refresh();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Fetches the tree; true when the cache now holds a fresh copy. Concurrent calls share one fetch. */
  refresh(): Promise<boolean> {
    this.inFlight ??= this.fetch().finally(() => { this.inFlight = undefined; });
    return this.inFlight;
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = this.loaded ? this.refreshMs : Math.min(this.refreshMs, FIRST_LOAD_RETRY_MS);
    this.timer = setTimeout(() => { void this.refresh().then(() => this.schedule()); }, delay);
    this.timer.unref();
  }

  private async fetch(): Promise<boolean> {
    const started = process.hrtime.bigint();
    let status = 'error';
    try {
      const response = await this.http('front/dicTree/byTypeKey', { timeout: { request: 5000 } });
      status = String(response.statusCode);
      const payload: unknown = JSON.parse(response.body);
      if (!isEnvelope(payload) || payload.code !== 0) throw new Error(`dictionary answered HTTP ${response.statusCode}`);
      const data = payload.data as { data?: unknown } | unknown[];
      const groups = Array.isArray(data) ? data : (data as { data?: unknown }).data;
      if (!Array.isArray(groups)) throw new Error('dictionary answer has no list under data.data');
      this.groups = groups as DictGroup[];
      this.loadedAt = new Date();
      this.log.debug({ groups: this.groups.length }, 'dictionary loaded');
      return true;
    } catch (err) {
      this.log.warn({ err, keptCopy: this.loaded }, 'dictionary refresh failed');
      return false;
    } finally {
      this.metrics.upstreamDuration.observe({ source: 'dictionary', method: 'GET', status_code: status }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }
}
