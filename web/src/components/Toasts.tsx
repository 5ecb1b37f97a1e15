import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
  action?: { label: string; run: () => void };
  /** How long it shows, in ms: 8 s with an action, 5 s without, unless given. */
  duration?: number;
}

type Push = (text: string, opts?: { kind?: 'info' | 'error'; action?: { label: string; run: () => void }; duration?: number }) => void;
const ToastContext = createContext<Push>(() => {});
const UndoContext = createContext<() => boolean>(() => false);

export function useToast(): Push {
  return useContext(ToastContext);
}

/** Runs the Undo of the newest toast that offers one (the `z` key); whether there was one. */
export function useUndoLatest(): () => boolean {
  return useContext(UndoContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const push = useCallback<Push>((text, opts) => {
    const id = next.current++;
    setToasts((t) => [...t.slice(-3), { id, text, kind: opts?.kind ?? 'info', action: opts?.action, duration: opts?.duration }]);
  }, []);
  const value = useMemo(() => push, [push]);
  const shown = useRef(toasts);
  shown.current = toasts;
  const undoLatest = useCallback(() => {
    const latest = [...shown.current].reverse().find((t) => t.action?.label === 'Undo');
    if (!latest) return false;
    latest.action!.run();
    dismiss(latest.id);
    return true;
  }, [dismiss]);
  return (
    <ToastContext.Provider value={value}>
      <UndoContext.Provider value={undoLatest}>{children}</UndoContext.Provider>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration ?? (toast.action ? 8000 : 5000));
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div className={`toast toast-${toast.kind}`}>
      <span>{toast.text}</span>
      {toast.action ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            toast.action?.run();
            onDismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
