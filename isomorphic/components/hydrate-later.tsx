// Progressive hydration (issue 20). The browser hydrates a page's server HTML; done in one go that was one
// main-thread task of 50-170 ms on the benchmark machine for a gallery or search page (four times that on
// Lighthouse's simulated phone), during which a tap waits. A part wrapped in HydrateLater is hydrated in a
// task of its own after the page's first pass, in page order: the browser's queue (client/hydration-queue)
// lets it go one part a task, so no task is long and input is handled between them. Until then the part
// is the server's HTML, kept as it is (Preact keeps the DOM of a component that suspends while hydrating):
// its links are real links and nothing moves. After the page's start, or on the server, the part renders
// at once. Each part numbers its own field ids (IdScope), as it renders out of the page's order.
// A part must be one element (a card's <li>, a <section>): what Preact keeps of a suspended component is
// its first node.
import { Component, Suspense, type ReactNode } from 'react';
import { IdScope } from './use-stable-id';

export interface HydrationQueue {
  /** A promise to wait for while the page's first hydration is under way; null after it. */
  hold(): Promise<void> | null;
}

let queue: HydrationQueue | null = null;

/** The browser's entry gives its queue before it hydrates; the server gives none. */
export function setHydrationQueue(q: HydrationQueue | null): void {
  queue = q;
}

/** Suspends (throws its promise) until the queue lets it render; then renders its children. */
class Gate extends Component<{ children: ReactNode }> {
  private held: Promise<void> | null | undefined;
  private open = false;

  override render() {
    if (!this.open) {
      if (this.held === undefined) {
        const wait = queue?.hold() ?? null;
        this.held = wait && wait.then(() => { this.open = true; });
        if (!this.held) this.open = true;
      }
      if (this.held && !this.open) throw this.held;
    }
    return this.props.children;
  }
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return <IdScope>{queue ? <Suspense fallback={null}><Gate>{children}</Gate></Suspense> : children}</IdScope>;
}
