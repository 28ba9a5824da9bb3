// The dialog of SPEC §2: title, description area and footer buttons; centred, 25% from the top; its
// close button and close-on-backdrop-click are configurable. Escape closes it when it is closable.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useStableId } from './use-stable-id';
import { useTranslation } from '../i18n/react';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  showClose?: boolean;
  closeOnBackdrop?: boolean;
}

export function Modal({ open, title, onClose, children, footer, showClose = true, closeOnBackdrop = true }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useStableId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent's re-render (a new function) does not re-run the effect and pull focus back.
  const close = useRef(onClose);
  close.current = onClose;

  // A layout effect: the key listener and the focus are in place when the dialog is, so an Escape pressed at
  // once closes it. (React ran a click's effects before the next input; Preact runs them in a later task.)
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const focusable = panel.current?.querySelector<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])');
    (focusable ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && showClose) close.current();
      if (e.key === 'Tab') trapFocus(e, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open, showClose]);

  if (!open) return null;
  return (
    <div className="modal" onMouseDown={(e) => { if (closeOnBackdrop && e.target === e.currentTarget) onClose(); }}>
      <div className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
        <div className="modal__head">
          <h2 className="modal__title" id={titleId}>{title}</h2>
          {showClose ? (
            <button type="button" className="modal__close" aria-label={t('modal.close')} onClick={onClose}>×</button>
          ) : null}
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__foot">{footer}</div> : null}
      </div>
    </div>
  );
}

function trapFocus(e: KeyboardEvent, root: HTMLElement | null) {
  if (!root) return;
  const items = Array.from(root.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'));
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
}
