// Shows the toasts of the page (SPEC §7): api messages, green for success, red when the code is non-zero.
// An aria-live region, so a screen reader announces each one; rendered empty on the server. Placed at the
// bottom of the window, so it never covers the header's search box.
import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { useStores } from '../stores/root.store';

export const ToastHost = observer(function ToastHost() {
  const { toasts } = useStores();
  const { t } = useTranslation();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.items.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <span className="toast__text">{toast.text}</span>
          <button type="button" className="toast__close" aria-label={t('toast.dismiss')} onClick={() => toasts.dismiss(toast.id)}>×</button>
        </div>
      ))}
    </div>
  );
});

/** Inside the router: a new page (path or query) clears the toasts of the previous one. */
export function ToastPageReset() {
  const { toasts } = useStores();
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    toasts.pageChanged();
  }, [page, toasts]);
  return null;
}
