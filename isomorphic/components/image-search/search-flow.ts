// The photo search of SPEC §4, in the browser: start (the picture itself to POST /search/encoded) →
// a search key; poll every 2 s until the answer is not -1 (the bar grows meanwhile); keep the search id
// and clear handleStatus. Code 1004020 stops with progress 1 and the quota alert. Cancel stops polling,
// sets handleStatus and access to false and tells the api. Guests keep the visitor id the api hands
// out (signed, in x-visitor-id) and send it back, so the daily quota is theirs. Browser only.
import { Codes, type Envelope } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import type { ImageSearchStore } from '../../stores/image-search.store';
import type { SearchStarted } from '../../contracts/search';

const VISITOR_KEY = 'lace-visitor';

const VISITOR_ID = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The visitor id the api handed this browser (kept in localStorage), or '' before the first search. */
export function visitorId(): string {
  try {
    const kept = localStorage.getItem(VISITOR_KEY);
    return kept && VISITOR_ID.test(kept) ? kept : '';
  } catch {
    return '';
  }
}

/** Keeps a visitor id the api handed out. */
function keepVisitorId(value: string | null): void {
  if (!value || !VISITOR_ID.test(value)) return;
  try {
    localStorage.setItem(VISITOR_KEY, value);
  } catch {
    // private mode: the api hands out another next time (the per-address cap still counts)
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, lang: string, body?: Blob): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-lang': lang };
  const visitor = visitorId();
  if (visitor) headers['x-visitor-id'] = visitor;
  if (body) headers['content-type'] = body.type && body.type.startsWith('image/') ? body.type : 'application/octet-stream';
  const response = await fetch(`/api${path}`, { method, headers, body, credentials: 'same-origin' });
  keepVisitorId(response.headers.get('x-visitor-id'));
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!payload || typeof payload.code !== 'number') return { code: Codes.UPSTREAM_UNAVAILABLE, message: `HTTP ${response.status}`, data: null as T };
  return payload;
}

/** One search at a time; the overlay and the pages each hold one of these over the shared store. */
export class ImageSearchFlow {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wake: (() => void) | null = null;
  private running = false;

  constructor(private readonly store: ImageSearchStore, private readonly lang: () => string, private readonly pollMs: number = Limits.searchPollMs) {}

  /**
   * Runs a whole search; resolves with the search id, or null when it stopped (quota, failure, cancel).
   * `shapeOnly`: the api leaves colour out (?mode=shape).
   */
  async run(image: Blob, shapeOnly = false): Promise<number | null> {
    if (this.store.handleStatus) return null;
    this.running = true;
    try {
      return await this.search(image, shapeOnly);
    } finally {
      this.running = false;
    }
  }

  private async search(image: Blob, shapeOnly: boolean): Promise<number | null> {
    const { store } = this;
    store.begin();
    let started: Envelope<SearchStarted>;
    try {
      started = await call<SearchStarted>('POST', shapeOnly ? '/search/encoded?mode=shape' : '/search/encoded', this.lang(), image);
    } catch (err) {
      store.failed(err instanceof Error ? err.message : String(err));
      return null;
    }
    if (!store.access) {
      // Cancelled while the picture was on its way: cancel the search it started.
      if (started.code === Codes.OK) void call<boolean>('POST', `/search/cancel/${encodeURIComponent(started.data.searchKey)}`, this.lang()).catch(() => undefined);
      return null;
    }
    if (started.code === Codes.IMAGE_SEARCH_QUOTA) {
      store.quota();
      return null;
    }
    if (started.code !== Codes.OK) {
      store.failed(started.message);
      return null;
    }
    const key = started.data.searchKey;
    store.started(key);
    for (;;) {
      await this.sleep();
      if (!store.access || store.searchKey !== key) return null;
      let polled: Envelope<number>;
      try {
        polled = await call<number>('GET', `/search/polling/${encodeURIComponent(key)}`, this.lang());
      } catch {
        // A lost answer is asked again at the next tick.
        continue;
      }
      if (!store.access || store.searchKey !== key) return null;
      if (polled.code !== Codes.OK) {
        if (polled.code === Codes.SEARCH_CANCELLED) store.cancelled();
        else store.failed(polled.message);
        return null;
      }
      if (polled.data === -1) {
        store.pending();
        continue;
      }
      store.finished(polled.data);
      return polled.data;
    }
  }

  /** Stops polling at once and cancels the search on the api (its answer is not waited for). */
  cancel(): void {
    const { store } = this;
    if (!store.handleStatus) return;
    const key = store.searchKey;
    store.cancelled();
    this.stopTimer();
    if (key) void call<boolean>('POST', `/search/cancel/${encodeURIComponent(key)}`, this.lang()).catch(() => undefined);
  }

  /** The panel that owns this flow goes: a search it started is cancelled (another panel's is left alone). */
  dispose(): void {
    if (this.running) this.cancel();
    this.stopTimer();
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(() => { this.timer = null; this.wake = null; resolve(); }, this.pollMs);
    });
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
