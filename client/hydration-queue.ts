// The order in which the parts of a page wrapped in HydrateLater hydrate (isomorphic/components/hydrate-later):
// one part a task, in the order the first pass met them (the page's order), each task posted as a message
// so that input and painting can come between them. Once a task finds no part waiting the page is
// hydrated (`done`), and a part rendered after that (a later page) is not held.
import type { HydrationQueue } from '../isomorphic/components/hydrate-later';

export interface PageHydrationQueue extends HydrationQueue {
  /** Starts letting the parts go (after the page's first pass has committed). */
  start(): void;
  /** Resolves when every part has hydrated. */
  done: Promise<void>;
}

export function createHydrationQueue(): PageHydrationQueue {
  const waiting: Array<() => void> = [];
  let open = true;
  let started = false;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => { finish = resolve; });
  const channel = new MessageChannel();
  // A part's render runs in the microtasks right after its promise resolves, still in this task; the parts
  // inside it are queued then, so the next task sees them.
  channel.port1.onmessage = () => {
    const next = waiting.shift();
    if (!next) {
      open = false;
      channel.port1.close();
      finish();
      return;
    }
    next();
    channel.port2.postMessage(null);
  };
  return {
    hold() {
      return open ? new Promise<void>((resolve) => { waiting.push(resolve); }) : null;
    },
    start() {
      if (started) return;
      started = true;
      channel.port2.postMessage(null);
    },
    done,
  };
}
