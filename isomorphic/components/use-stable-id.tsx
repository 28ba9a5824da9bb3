// useId with the same ids on the server and in the browser. React's useId numbers by tree position and
// Preact's (the browser's renderer, see webpack.config.ts) by render order, so their ids differ and a label
// rendered after hydration would point at an id the server never wrote. Both renderers render a page
// depth-first in one pass (no Suspense suspends on the server: lazy routes are loaded first), so a counter
// per page render, carried by context, gives each field the same number on both sides.
import { createContext, useContext, useState, type ReactNode } from 'react';

interface Seed { next: number }

const SeedContext = createContext<Seed>({ next: 0 });

/** Starts the numbering for one page render (the server's request, the browser's page load). */
export function IdSeed({ children }: { children: ReactNode }) {
  const [seed] = useState<Seed>(() => ({ next: 0 }));
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

export function useStableId(): string {
  const seed = useContext(SeedContext);
  const [id] = useState(() => `uid-${seed.next++}`);
  return id;
}
