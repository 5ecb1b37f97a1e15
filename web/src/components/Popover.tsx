import { type ReactNode, useEffect, useId, useRef } from 'react';

// A button that opens a small panel of choices under it. The arrow keys (and Home, End) move
// between its choices without choosing; Enter or a click chooses. Esc or a click outside closes
// it and focus goes back to the button.
export function Popover(props: {
  label: ReactNode;
  /** Accessible name of the button when the label is not plain text. */
  ariaLabel?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  panelLabel: string;
  disabled?: boolean;
  align?: 'left' | 'right';
  /** The button's id, for a key that opens the panel by clicking it. */
  buttonId?: string;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { open, onOpenChange } = props;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) onOpenChange(false);
    };
    document.addEventListener('mousedown', onDown);
    const focusFirst = () => {
      const first = wrap.current?.querySelector<HTMLElement>('.popover-panel button, .popover-panel input');
      first?.focus();
      return Boolean(first);
    };
    // choices still loading (the Assign menu's members): focus the first once it is there
    const loaded = new MutationObserver(() => focusFirst() && loaded.disconnect());
    if (!focusFirst() && wrap.current) loaded.observe(wrap.current, { childList: true, subtree: true });
    return () => {
      loaded.disconnect();
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, onOpenChange]);

  return (
    <div
      className={`popover ${props.className ?? ''}`}
      ref={wrap}
      onKeyDown={(e) => {
        if (open && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) {
          const items = [...(wrap.current?.querySelectorAll<HTMLElement>('.popover-panel .menu-item:not(:disabled)') ?? [])];
          if (!items.length) return;
          e.preventDefault();
          e.stopPropagation();
          const at = items.indexOf(document.activeElement as HTMLElement);
          const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
          items[next]!.focus();
          return;
        }
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          e.preventDefault();
          onOpenChange(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        id={props.buttonId}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={props.ariaLabel}
        disabled={props.disabled}
        onClick={() => onOpenChange(!open)}
      >
        {props.label}
      </button>
      {open ? (
        <div id={panelId} className={`popover-panel ${props.align === 'right' ? 'align-right' : ''}`} role="group" aria-label={props.panelLabel}>
          {props.children}
        </div>
      ) : null}
    </div>
  );
}
