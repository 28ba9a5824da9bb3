// Adapts the browser router's state changes to the loading bar's start / finish / fail events.
import type { NavigationSignal, NavigationEvent } from '../isomorphic/components/loading-bar';

interface RouterLike {
  state: { navigation: { state: string } };
  subscribe(fn: (state: { navigation: { state: string }; errors: Record<string, unknown> | null }) => void): () => void;
}

export function routerSignal(router: RouterLike): NavigationSignal {
  return {
    subscribe(listener: (event: NavigationEvent) => void) {
      let busy = router.state.navigation.state !== 'idle';
      return router.subscribe((state) => {
        const nowBusy = state.navigation.state !== 'idle';
        if (nowBusy && !busy) listener('start');
        if (!nowBusy && busy) listener(state.errors ? 'fail' : 'finish');
        busy = nowBusy;
      });
    },
  };
}
