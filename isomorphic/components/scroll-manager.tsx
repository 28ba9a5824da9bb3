// Scroll rules of SPEC §2 on client navigations: a hash scrolls to its element; otherwise go to the top
// when fewer than 2 page levels match or a matched route asks for it (handle.scrollToTop). Back/forward
// keeps the browser's own restoration.
import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import type { RouteHandle } from '../middleware/registry';

export function ScrollManager() {
  const location = useLocation();
  const matches = useMatches();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) {
      const target = findHashTarget(location.hash);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (navigationType === 'POP') return;
    const handles = matches.map((m) => m.handle as RouteHandle | undefined);
    const levels = handles.filter((h) => !h?.structural).length;
    if (levels < 2 || handles.some((h) => h?.scrollToTop)) window.scrollTo(0, 0);
    // Only a new location (its key) triggers the rules, not re-renders.
  }, [location.key]);

  return null;
}

function findHashTarget(hash: string): Element | null {
  const id = decodeURIComponent(hash.slice(1));
  const byId = document.getElementById(id);
  if (byId) return byId;
  try {
    return document.querySelector(hash);
  } catch {
    return null;
  }
}
