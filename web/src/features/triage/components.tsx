// Triage in the reply view and on contacts: the "why" of a reply's category, the likeliest
// categories when triage chose none, and the do-not-contact mark with the button that clears
// it (PATCH /api/contacts/{id}).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../api.ts';
import { useToast } from '../../components/Toasts.tsx';
import type { Category, TriageDecision } from '../../types.ts';
import { contactKeys } from '../../queries/contacts.ts';
import { replyKeys } from '../../queries/inbox.ts';

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
      <span className="label">Why</span> {triage.category_id ? 'Triage chose the category' : 'Triage left it without a category'}
      {triage.source !== 'none' ? (
        <>
          {' '}
          from {SOURCES[triage.source]} ({Math.round(triage.confidence * 100)}% sure)
        </>
      ) : null}
      : <span className="muted">{triage.reason}</span>
      {categoryId !== triage.category_id ? <span className="muted"> (since changed by a person)</span> : null}
    </p>
  );
}

/**
 * When triage was not sure: its two likeliest categories as one-click choices. The choice is the
 * same PATCH as the category menu, so the workspace model learns from it as from any correction.
 */
export function TriageSuggestions({
  triage,
  categoryId,
  categories,
  choose,
}: {
  triage: TriageDecision | null;
  categoryId: string | null;
  categories: Category[] | undefined;
  choose: (categoryId: string) => void;
}) {
  if (!triage || categoryId !== null || !triage.suggestions?.length || !categories) return null;
  const offered = triage.suggestions.flatMap((s) => {
    const c = categories.find((x) => x.id === s.category_id);
    return c ? [{ ...s, name: c.name }] : [];
  });
  if (!offered.length) return null;
  return (
    <div className="triage-suggestions small" role="group" aria-label="Suggested categories">
      <span className="label">Maybe</span>
      {offered.map((s) => (
        <button key={s.category_id} type="button" onClick={() => choose(s.category_id)}>
          {s.name} <span className="muted">{Math.round(s.confidence * 100)}%</span>
        </button>
      ))}
    </div>
  );
}

/** The do-not-contact badge, and the way for a person to set or clear the mark (docs/dashboard.md "The inbox"). */
export function DoNotContact({ contactId, marked }: { contactId: string; marked: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const change = useMutation({
    mutationFn: (yes: boolean) => api.patch(`/api/contacts/${encodeURIComponent(contactId)}`, { do_not_contact: yes }),
    onSuccess: (_, yes) => {
      toast(yes ? 'Marked do-not-contact: nothing will be sent to this contact' : 'Do-not-contact cleared: replies to this contact can be sent again');
      void qc.invalidateQueries({ queryKey: replyKeys.details() });
      void qc.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
  return (
    <span className="do-not-contact">
      {marked ? <span className="badge badge-danger">Do not contact</span> : null}
      <button type="button" className="link-button small" disabled={change.isPending} onClick={() => change.mutate(!marked)}>
        {marked ? 'Clear do-not-contact' : 'Mark do-not-contact'}
      </button>
      {change.error ? (
        <span role="alert" className="form-error small">
          {errorMessage(change.error)}
        </span>
      ) : null}
    </span>
  );
}
