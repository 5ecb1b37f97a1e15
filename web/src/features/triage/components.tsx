// Triage in the reply view and on contacts: the "why" of a reply's category, and the
// do-not-contact mark with the button that clears it (PATCH /api/contacts/{id}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../api.ts';
import { useToast } from '../../components/Toasts.tsx';
import type { TriageDecision } from '../../types.ts';

const SOURCES: Record<TriageDecision['source'], string> = {
  header: 'a mail header',
  rule: 'a rule',
  classifier: 'the built-in classifier',
  workspace: "this workspace's corrections",
  model: 'the language model',
  none: 'nothing was confident',
};

/** "Why": which header, rule or model decided, and how sure it was. */
export function TriageWhy({ triage, categoryId }: { triage: TriageDecision | null; categoryId: string | null }) {
  if (!triage) return null;
  return (
    <p className="triage-why small">
      <span className="label">Why</span>{' '}
      {triage.category_id ? 'Triage chose the category' : 'Triage left it without a category'}
      {triage.source !== 'none' ? <> from {SOURCES[triage.source]} ({Math.round(triage.confidence * 100)}% sure)</> : null}
      : <span className="muted">{triage.reason}</span>
      {categoryId !== triage.category_id ? <span className="muted"> (since changed by a person)</span> : null}
    </p>
  );
}

/** The do-not-contact badge and, for a person, the way to clear it. */
export function DoNotContact({ contactId, marked }: { contactId: string; marked: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const clear = useMutation({
    mutationFn: () => api.patch(`/api/contacts/${encodeURIComponent(contactId)}`, { do_not_contact: false }),
    onSuccess: () => {
      toast('Do-not-contact cleared: replies to this contact can be sent again');
      void qc.invalidateQueries({ queryKey: ['reply'] });
      void qc.invalidateQueries({ queryKey: ['contacts'] });
    },
  });
  if (!marked) return null;
  return (
    <span className="do-not-contact">
      <span className="badge badge-danger">Do not contact</span>
      <button type="button" className="link-button small" disabled={clear.isPending} onClick={() => clear.mutate()}>
        Clear do-not-contact
      </button>
      {clear.error ? <span role="alert" className="form-error small">{errorMessage(clear.error)}</span> : null}
    </span>
  );
}
