// Pieces the console's lists and desks share: the ?status= filter of a list, and an operator's decision
// that may need a reason (its rule, the busy state, and the page read again once decided).
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link';
import type { ApiClient } from '../../api-client/client';
import type { Envelope } from '../../domain/codes';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import type { Bilingual } from '../../domain/platform';

/** `?status=` of a console list: "all" is none, a listed status is itself, anything else the default. */
export function statusParam(url: URL, statuses: readonly number[], fallback: number): number | undefined {
  const raw = url.searchParams.get('status');
  if (raw === 'all') return undefined;
  const n = raw !== null && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  return statuses.includes(n) ? n : fallback;
}

export const statusQuery = (s: number | undefined) => `status=${s === undefined ? 'all' : s}`;

/** One link per status, then "all"; the current one lit. */
export function StatusFilter({ statuses, current, labels, path, label, all }: {
  statuses: readonly number[]; current: number | undefined; labels: Record<number, Bilingual>; path: string; label: string; all: string;
}) {
  const lang = useLang();
  return (
    <div className="console-form" role="group" aria-label={label}>
      {[...statuses, undefined].map((s) => (
        <Link key={String(s)} to={`${path}?${statusQuery(s)}`} className={`console__tab${s === current ? ' is-active' : ''}`}>{s === undefined ? all : labels[s]?.[lang]}</Link>
      ))}
    </div>
  );
}

/**
 * A decision on one record: `decide` checks the reason when the decision needs one (its length within
 * `rule`, else `ruleMessage`), runs the call, and reads the page again when it answers one of `refreshOn`
 * (0, decided, by default).
 */
export function useDecision(rule: { min: number; max: number }, ruleMessage: Bilingual) {
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function decide<T>(call: (api: ApiClient, reason: string) => Promise<Envelope<T>>, opts: { needsReason?: boolean; refreshOn?: number[] } = {}): Promise<Envelope<T> | null> {
    const note = reason.trim();
    const n = [...note].length;
    if (opts.needsReason && (n < rule.min || n > rule.max)) {
      setError(ruleMessage[lang]);
      return null;
    }
    setError('');
    setBusy(true);
    const r = await run((api) => call(api, note));
    setBusy(false);
    if (r && (opts.refreshOn ?? [0]).includes(r.code)) {
      if (r.code === 0) setReason('');
      await revalidator.revalidate();
    }
    return r;
  }
  return { reason, setReason, error, busy, decide };
}
