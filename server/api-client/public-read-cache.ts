// A micro-cache for the public catalogue reads of page loaders: anonymous GETs answered with code 0 are
// kept for a second and concurrent identical calls share one upstream request. A busy home page then
// costs the api one query a second instead of one per visitor; signed-in calls are never cached.
import type { Envelope } from '../../isomorphic/domain/codes';

export class PublicReadCache {
  private readonly entries = new Map<string, { at: number; value: Promise<Envelope<unknown>> }>();

  constructor(private readonly ttlMs = 1000, private readonly maxEntries = 1000) {}

  get<T>(key: string, load: () => Promise<Envelope<T>>, now = Date.now()): Promise<Envelope<T>> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<Envelope<T>>;
    const value = load();
    this.entries.set(key, { at: now, value });
    // Failures and refusals are not kept: the next visitor asks again.
    value.then((env) => { if (env.code !== 0) this.entries.delete(key); }, () => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  /** Forgets every read (the catalogue changed: a page rendered now must not show what was read before). */
  clear(): void {
    this.entries.clear();
  }
}
