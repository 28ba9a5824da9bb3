// The root route's element: scroll rules, toasts cleared on a new page, scroll position for the layout store, then the matched layout.
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ScrollManager } from './components/scroll-manager';
import { ToastPageReset } from './components/toast-host';
import { useStores } from './stores/root.store';

export function AppRoot() {
  const { layout } = useStores();
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        layout.setPosition(window.scrollY);
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [layout]);
  return (
    <>
      <ScrollManager />
      <ToastPageReset />
      <Outlet />
    </>
  );
}
