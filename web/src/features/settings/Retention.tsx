// Settings → Workspace's "Keep replies" (docs/api.md "Retention"): forever, or a number of days
// after which the worker deletes a reply with all that hangs off it. Owners and admins change
// it; shortening it asks first, since what goes cannot come back.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { retentionKeys, retentionQuery } from '../../queries/settings.ts';
import { useManager } from './Settings.tsx';

const CHOICES: { days: number | null; label: string }[] = [
  { days: null, label: 'Forever' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '180 days' },
  { days: 365, label: '1 year' },
  { days: 730, label: '2 years' },
];
const labelOf = (days: number | null) => CHOICES.find((c) => c.days === days)?.label ?? `${days} days`;

export function RetentionField() {
  const manage = useManager();
  const qc = useQueryClient();
  const toast = useToast();
  const current = useQuery(retentionQuery);
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (days: number | null) => api.patch<{ days: number | null }>('/api/retention', { days }),
    onSuccess: async (r) => {
      setConfirming(false);
      setChosen(undefined);
      toast(r.days === null ? 'Replies are kept forever' : `Replies are kept for ${labelOf(r.days)}`);
      await qc.invalidateQueries({ queryKey: retentionKeys.all });
    },
  });
  if (!current.data) return <span className="muted small">{current.isError ? errorMessage(current.error) : 'Loading…'}</span>;
  const days = chosen === undefined ? current.data.days : chosen;
  const options = CHOICES.some((c) => c.days === current.data.days) ? CHOICES : [...CHOICES, { days: current.data.days, label: labelOf(current.data.days) }];
  const shorter = days !== null && (current.data.days === null || days < current.data.days);
  return (
    <div className="inline-form">
      <select id="workspace-retention" value={days ?? ''} disabled={!manage} aria-describedby="workspace-retention-hint" onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}>
        {options.map((c) => (
          <option key={c.label} value={c.days ?? ''}>
            {c.label}
          </option>
        ))}
      </select>
      {manage ? (
        <button type="button" disabled={days === current.data.days || save.isPending} onClick={() => (shorter ? setConfirming(true) : save.mutate(days))}>
          Save
        </button>
      ) : null}
      <span id="workspace-retention-hint" className="small muted">
        Older replies are deleted every hour, with their threads, files, notes and sent mail.
      </span>
      {save.isError && !confirming ? (
        <span role="alert" className="form-error small">
          {errorMessage(save.error)}
        </span>
      ) : null}
      {confirming && days !== null ? (
        <ConfirmDialog
          title="Delete older replies?"
          message={`Replies received more than ${labelOf(days)} ago will be deleted within the hour, with their threads, attachments, notes and sent mail. This cannot be undone.`}
          confirm={`Keep ${labelOf(days)}`}
          danger
          busy={save.isPending}
          error={save.isError ? errorMessage(save.error) : null}
          onConfirm={() => save.mutate(days)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
