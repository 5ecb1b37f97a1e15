// The inbox's keys (docs/dashboard.md; `?` lists them). The handler reads the latest render
// through a ref, so the listener is added once.
import { useEffect, useRef } from 'react';
import type { ReplyListItem } from '../../types.ts';
import type { InboxActions } from './actions.ts';
import type { ReplyRef } from './cache.ts';

export interface InboxKeys {
  openId: string | undefined;
  items: ReplyListItem[];
  /** The open reply as last read, if it was. */
  detail: () => ReplyRef | undefined;
  actions: InboxActions;
  open: (id: string) => void;
  close: () => void;
  neighbour: (dir: 1 | -1) => string | undefined;
  snoozeOpen: boolean;
  setSnoozeOpen: (open: boolean) => void;
  assignOpen: boolean;
  setAssignOpen: (open: boolean) => void;
  selected: number;
  clearSelection: () => void;
  toggle: (id: string) => void;
  showHelp: () => void;
  /** Runs the newest toast's Undo; whether there was one. */
  undo: () => boolean;
}

export function useInboxKeys(current: InboxKeys) {
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => handle(e, latest.current);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function handle(e: KeyboardEvent, k: InboxKeys) {
  if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
  const target = e.target as HTMLElement | null;
  const typing = !!target?.closest('textarea, select, [contenteditable="true"], input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit])');
  const mod = e.metaKey || e.ctrlKey;
  if (mod && e.key === 'Enter') {
    if (!k.openId) return;
    e.preventDefault();
    document.getElementById('send-button')?.click();
    return;
  }
  if (e.key === 'Escape') {
    if (typing && target) {
      target.blur();
      return;
    }
    if (k.snoozeOpen) return k.setSnoozeOpen(false);
    if (k.assignOpen) return k.setAssignOpen(false);
    if (k.openId) return k.close();
    if (k.selected) k.clearSelection();
    return;
  }
  if (typing || mod || e.altKey) return;
  const reply = k.detail() ?? k.items.find((r) => r.id === k.openId);
  switch (e.key) {
    case 'j':
    case 'k': {
      const next = k.neighbour(e.key === 'j' ? 1 : -1);
      if (next) k.open(next);
      break;
    }
    case 'e':
      // with a selection, the selection (the bulk bar's Archive); else the open reply
      if (k.selected) document.getElementById('bulk-archive')?.click();
      else if (reply) k.actions.archive(reply);
      break;
    case 's':
      if (k.openId) {
        k.setAssignOpen(false);
        k.setSnoozeOpen(true);
      }
      break;
    case 'a':
      if (k.openId) {
        k.setSnoozeOpen(false);
        k.setAssignOpen(true);
      }
      break;
    case 'c':
      // opens the picker; its arrow keys change nothing until Enter (CategoryMenu.tsx)
      document.getElementById('category-button')?.click();
      break;
    case 'r':
      document.getElementById('draft')?.focus();
      break;
    case 'z':
      if (k.undo()) e.preventDefault();
      break;
    case '/':
      document.getElementById('reply-search')?.focus();
      break;
    case 'x':
      if (k.openId) k.toggle(k.openId);
      break;
    case '?':
      k.showHelp();
      break;
    default:
      return;
  }
  e.preventDefault();
}
