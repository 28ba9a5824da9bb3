// A point in time as the buyer reads it: in China Standard Time, or in the viewer's own zone once the
// browser has told it (the tz cookie), always saying which (domain/format.ts); or relative ("3 hours
// ago") with the full time as its tooltip. Until the browser has hydrated, relative times are computed
// against the moment the server rendered the page and times use the zone the server used, so both
// renders say the same; then the browser's own clock and zone take over.
import { useEffect, useState } from 'react';
import { formatDateTime, formatRelativeTime, isViewerZone, zoneName } from '../domain/format';
import { useStores } from '../stores/root.store';
import { useLang } from './use-lang';

/** "Now" for relative times: the server's render time during hydration, the browser's clock after. */
export function useNow(): Date {
  const { renderedAt } = useStores();
  const [now, setNow] = useState(renderedAt);
  useEffect(() => { setNow(Date.now()); }, []);
  return new Date(now);
}

/** The browser's IANA zone, when it says one. */
export function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The zone to show times in: the server's choice while hydrating, the browser's own after. */
export function useTimeZone(): string | undefined {
  const { timeZone } = useStores();
  const [zone, setZone] = useState(timeZone);
  useEffect(() => {
    const own = browserZone();
    setZone(isViewerZone(own) ? own : undefined);
  }, []);
  return zone;
}

export function When({ at, relative = false, className }: { at: string | null | undefined; relative?: boolean; className?: string }) {
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  if (!at) return <>—</>;
  const full = formatDateTime(at, lang, zone);
  return (
    <time className={className} dateTime={at} title={relative ? full : zoneName(lang, zone, 'long', at)}>
      {relative ? formatRelativeTime(at, lang, now, zone) : full}
    </time>
  );
}
