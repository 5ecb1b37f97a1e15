// What the composer adds to the draft (docs/dashboard.md "The composer"): Cc and Bcc fields
// behind their buttons, files attached from this computer, and a template picker that fills
// in the draft. Copies and files belong to this browser's composer until Send; the draft's
// text is saved as it is typed (Draft.tsx).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Popover } from '../../components/Popover.tsx';
import { type ReplyTemplate, type SendExtras, templatesQuery } from '../../queries/inbox.ts';

/** The server's limit for an answer's files (docs/api.md "Attachments"). */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

interface Picked {
  name: string;
  type: string;
  size: number;
  content: string;
}

export interface Extras {
  cc: string;
  bcc: string;
  showCc: boolean;
  showBcc: boolean;
  files: Picked[];
}
export const NO_EXTRAS: Extras = { cc: '', bcc: '', showCc: false, showBcc: false, files: [] };

// Each reply's copies and files, kept while the tab lives: leaving a reply, or a send undone,
// finds them as they were.
const kept = new Map<string, Extras>();

/** The composer's copies and files of a reply. */
export function useExtras(replyId: string): [Extras, (x: Extras) => void] {
  const [extras, set] = useState(() => kept.get(replyId) ?? NO_EXTRAS);
  const update = useCallback(
    (x: Extras) => {
      kept.set(replyId, x);
      set(x);
    },
    [replyId],
  );
  return [extras, update];
}

const addresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The copies and files as the send takes them. */
export const sendExtras = (x: Extras): SendExtras => ({
  cc: addresses(x.cc),
  bcc: addresses(x.bcc),
  attachments: x.files.map((f) => ({ name: f.name, ...(f.type && { type: f.type }), content: f.content })),
});

const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** Cc and Bcc: a button each, and its field once asked for (or once it holds addresses). */
export function CopyFields({ extras, onChange, to }: { extras: Extras; onChange: (x: Extras) => void; to: string }) {
  return (
    <div className="compose-head small">
      <div className="compose-row">
        <span className="muted">To</span> <span className="compose-to">{to}</span>
        <span className="compose-toggles">
          {!extras.showCc ? (
            <button type="button" className="link-button" onClick={() => onChange({ ...extras, showCc: true })}>
              Cc
            </button>
          ) : null}
          {!extras.showBcc ? (
            <button type="button" className="link-button" onClick={() => onChange({ ...extras, showBcc: true })}>
              Bcc
            </button>
          ) : null}
        </span>
      </div>
      {(['cc', 'bcc'] as const).map((k) =>
        extras[k === 'cc' ? 'showCc' : 'showBcc'] ? (
          <div className="compose-row" key={k}>
            <label htmlFor={`compose-${k}`} className="muted">
              {k === 'cc' ? 'Cc' : 'Bcc'}
            </label>
            <input
              id={`compose-${k}`}
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="name@example.com, …"
              aria-describedby={k === 'bcc' ? 'compose-bcc-hint' : undefined}
              value={extras[k]}
              onChange={(e) => onChange({ ...extras, [k]: e.target.value })}
            />
            {k === 'bcc' ? (
              <span id="compose-bcc-hint" className="sr-only">
                No recipient sees these addresses.
              </span>
            ) : null}
          </div>
        ) : null,
      )}
    </div>
  );
}

/** Attach (files from this computer, within the server's limits) and the files attached, each removable. */
export function AttachedFiles({ extras, onChange, disabled }: { extras: Extras; onChange: (x: Extras) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const total = extras.files.reduce((n, f) => n + f.size, 0);
  const add = async (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = '';
    const bytes = total + chosen.reduce((n, f) => n + f.size, 0);
    if (extras.files.length + chosen.length > MAX_FILES) return setProblem(`At most ${MAX_FILES} files go with one answer.`);
    if (bytes > MAX_FILE_BYTES) return setProblem(`Files may total at most 10 MB; these would total ${size(bytes)}.`);
    setProblem(null);
    const read = await Promise.all(chosen.map(async (f) => ({ name: f.name, type: f.type, size: f.size, content: await base64Of(f) })));
    onChange({ ...extras, files: [...extras.files, ...read] });
  };
  return (
    <div className="compose-files">
      <input ref={input} id="compose-attach" type="file" multiple hidden aria-label="Attach files" disabled={disabled} onChange={(e) => void add(e.target.files)} />
      <button type="button" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={problem ? 'compose-files-problem' : undefined}>
        Attach files
      </button>
      {extras.files.length ? (
        <ul className="file-chips" aria-label="Attached files">
          {extras.files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="file-chip">
              {f.name} <span className="muted">({size(f.size)})</span>
              <button type="button" className="file-chip-remove" aria-label={`Remove ${f.name}`} onClick={() => onChange({ ...extras, files: extras.files.filter((_, j) => j !== i) })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <span id="compose-files-problem" role="alert" className="form-error small">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** Templates: the workspace's, filled in for this reply; choosing one puts it in the draft (Undo puts the old text back). */
export function TemplatePicker({ replyId, onPick, disabled }: { replyId: string; onPick: (t: ReplyTemplate) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const templates = useQuery({ ...templatesQuery(replyId), enabled: open });
  return (
    <Popover label="Templates" panelLabel="Insert a template" open={open} onOpenChange={setOpen} disabled={disabled}>
      {templates.isPending ? <p className="small muted">Loading…</p> : null}
      {templates.isError ? <p className="form-error small">Could not load the templates.</p> : null}
      {(templates.data ?? []).map((t) => (
        <button
          key={t.category_id ?? 'plain'}
          type="button"
          className="menu-item"
          title={t.text}
          onClick={() => {
            setOpen(false);
            onPick(t);
          }}
        >
          {t.name}
        </button>
      ))}
    </Popover>
  );
}
