// The navigation loading bar of SPEC §2: 2px high; starts on navigation, grows by random steps every
// 100 ms, finishes by itself once above 95% (the 5000 ms duration) or when the page arrives; red on error.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Limits } from '../domain/limits';

export type NavigationEvent = 'start' | 'finish' | 'fail';

/** Where the bar learns about navigations; the browser entry adapts router.subscribe to it. */
export interface NavigationSignal {
  subscribe(listener: (event: NavigationEvent) => void): () => void;
}

interface BarState { percent: number; visible: boolean; failed: boolean }

const { durationMs, tickMs, finishAbove, heightPx } = Limits.loadingBar;
/** Mean step so that the bar reaches 100% in about durationMs (random steps average half of `cut`). */
const cut = (100 * tickMs * 2) / durationMs;

export function LoadingBar({ signal }: { signal?: NavigationSignal }) {
  const { t } = useTranslation();
  const [bar, setBar] = useState<BarState>({ percent: 0, visible: false, failed: false });
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!signal) return;
    const stopTicking = () => {
      if (timer.current) clearInterval(timer.current);
      timer.current = undefined;
    };
    const end = (failed: boolean) => {
      stopTicking();
      setBar({ percent: 100, visible: true, failed });
      if (hide.current) clearTimeout(hide.current);
      hide.current = setTimeout(() => setBar((b) => ({ ...b, visible: false })), 400);
    };
    const unsubscribe = signal.subscribe((event) => {
      if (event === 'start') {
        stopTicking();
        if (hide.current) clearTimeout(hide.current);
        setBar({ percent: 0, visible: true, failed: false });
        timer.current = setInterval(() => {
          setBar((b) => {
            const percent = Math.min(100, b.percent + cut * Math.random());
            if (percent > finishAbove) queueMicrotask(() => end(false));
            return { ...b, percent };
          });
        }, tickMs);
      } else {
        end(event === 'fail');
      }
    });
    return () => {
      unsubscribe();
      stopTicking();
      if (hide.current) clearTimeout(hide.current);
    };
  }, [signal]);

  return (
    <div
      className={`loading-bar${bar.failed ? ' loading-bar--failed' : ''}`}
      role="progressbar"
      aria-label={t('loading.label')}
      aria-hidden={!bar.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.percent)}
      style={{ height: heightPx, width: `${bar.percent}%`, opacity: bar.visible ? 1 : 0 }}
    />
  );
}
