// useId with the same ids on the server and in the browser. React's useId numbers by tree position and
// Preact's (the browser's renderer, see webpack.config.ts) by render order, so their ids differ and a label
// rendered after hydration would point at an id the server never wrote. Both renderers render a page
// depth-first in one pass (no Suspense suspends on the server: lazy routes are loaded first), so a counter
// per page render, carried by context, gives each field the same number on both sides.
// A part that hydrates later (HydrateLater) is rendered out of that order in the browser, so it numbers
// its own fields under a prefix of its own (uid-3-0, uid-3-1, …), taken in order from the counter around it.
import { createContext, useContext, useState, type ReactNode } from 'react';

interface Seed { next: number; prefix: string }

const SeedContext = createContext<Seed>({ next: 0, prefix: 'uid-' });

/** Starts the numbering for one page render (the server's request, the browser's page load). */
export function IdSeed({ children }: { children: ReactNode }) {
  const [seed] = useState<Seed>(() => ({ next: 0, prefix: 'uid-' }));
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

/** Numbers the ids of `children` on their own: the same ids whenever the part renders. */
export function IdScope({ children }: { children: ReactNode }) {
  const parent = useContext(SeedContext);
  const [seed] = useState<Seed>(() => ({ next: 0, prefix: `${parent.prefix}${parent.next++}-` }));
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

export function useStableId(): string {
  const seed = useContext(SeedContext);
  const [id] = useState(() => `${seed.prefix}${seed.next++}`);
  return id;
}
