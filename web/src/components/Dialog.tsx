import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

// Native <dialog> opened with showModal(): the rest of the page becomes inert, focus stays in
// the dialog and Esc closes it. The app root is also marked aria-hidden while a dialog is open,
// so assistive technology (and role queries) see only the dialog.
let openDialogs = 0;
function hideApp(hidden: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (hidden) {
    root.setAttribute('aria-hidden', 'true');
    root.inert = true;
  } else {
    root.removeAttribute('aria-hidden');
    root.inert = false;
  }
}

export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  /** An element to focus first (otherwise the first field or button). */
  initialFocus?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    openDialogs += 1;
    hideApp(true);
    if (!dialog.open) dialog.showModal();
    const first =
      (props.initialFocus ? dialog.querySelector<HTMLElement>(props.initialFocus) : null) ??
      dialog.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select, button:not(.dialog-close)');
    first?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      onClose.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      openDialogs -= 1;
      if (openDialogs === 0) hideApp(false);
      if (previous && document.contains(previous)) previous.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog: opened on mount, closed on unmount; onClose is read through its ref
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      className={props.wide ? 'dialog dialog-wide' : 'dialog'}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={props.description ? descId : undefined}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <header className="dialog-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" className="icon-button dialog-close" aria-label="Close" onClick={() => onClose.current()}>
          ×
        </button>
      </header>
      {props.description ? (
        <div id={descId} className="dialog-desc">
          {props.description}
        </div>
      ) : null}
      <div className="dialog-body">{props.children}</div>
    </dialog>,
    document.body,
  );
}

export function ConfirmDialog(props: { title: string; message: ReactNode; confirm: string; danger?: boolean; busy?: boolean; error?: string | null; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog title={props.title} onClose={props.onClose} initialFocus=".dialog-actions button">
      <p>{props.message}</p>
      {props.error ? (
        <p role="alert" className="form-error">
          {props.error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" className={props.danger ? 'danger' : 'primary'} disabled={props.busy} onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </Dialog>
  );
}
