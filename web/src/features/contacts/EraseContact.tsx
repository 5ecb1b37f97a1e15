// A contact page's "Erase this person" (docs/api.md "Erasing a person"): a dialog that says what
// goes and asks for the address typed out before DELETE /api/contacts/{id}?erase=true. Erasing
// cannot be undone, so there is no Undo: the typed address is the care taken instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../api.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { contactKeys } from '../../queries/contacts.ts';
import { replyKeys } from '../../queries/inbox.ts';

export function EraseContact({ id, email }: { id: string; email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const qc = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const erase = useMutation({
    mutationFn: () => api.delete<null>(`/api/contacts/${encodeURIComponent(id)}?erase=true`),
    onSuccess: () => {
      qc.removeQueries({ queryKey: contactKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: contactKeys.all });
      void qc.invalidateQueries({ queryKey: replyKeys.all });
      toast('The person and their replies were erased');
      void navigate('/contacts', { replace: true });
    },
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches) erase.mutate();
  };

  return (
    <>
      <button type="button" className="danger-text" onClick={() => setOpen(true)}>
        Erase this person…
      </button>
      {open ? (
        <Dialog title="Erase this person" onClose={() => setOpen(false)} initialFocus="#erase-confirm">
          <form className="form" onSubmit={submit}>
            <p>
              This deletes <strong>{email}</strong>, all of their replies with their threads, attachments, notes and the mail sent to them, and every stored event that named them. Search, lists,
              exports and reports will no longer find them. It cannot be undone; the audit log keeps that they were erased, and by whom.
            </p>
            <div className="field">
              <label htmlFor="erase-confirm">Type the address to confirm</label>
              <input id="erase-confirm" autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={email} />
            </div>
            {erase.isError ? (
              <p role="alert" className="form-error">
                Could not erase: {errorMessage(erase.error)}
              </p>
            ) : null}
            <div className="dialog-actions">
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="danger" disabled={!matches || erase.isPending}>
                Erase
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
