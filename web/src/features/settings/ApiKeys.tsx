import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { SecretField } from '../../components/CopyField.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { type ApiKey, KEY_PERMISSIONS, type NewApiKey } from '../../types.ts';
import { apiKeyKeys, apiKeysQuery } from '../../queries/settings.ts';
import { PageHead } from './Settings.tsx';

export function ApiKeysPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const keys = useQuery(apiKeysQuery);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/dashboard/api/keys/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast(`Key ${revoking?.name ?? ''} revoked`);
      setRevoking(null);
      void qc.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

  if (keys.isPending) return <Loading label="Loading API keys…" />;
  if (keys.isError) return <ErrorState error={keys.error} retry={() => keys.refetch()} />;
  return (
    <section aria-labelledby="keys-title">
      <PageHead title="API keys">
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New API key
        </button>
      </PageHead>
      <p className="muted pad">Keys let your own code use the Replydesk API. Each key is shown once, when it is created.</p>
      {keys.data.length === 0 ? (
        <Empty title="No API keys yet">Create one to connect your tools.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only" id="keys-title">
              API keys
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Permissions</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.id}>
                  <td className="strong">{k.name}</td>
                  <td className="mono">{k.prefix}</td>
                  <td>
                    <span className="perms">
                      {k.permissions.map((p) => (
                        <span key={p} className="tag">
                          {p}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td>{dateTime(k.created_at)}</td>
                  <td>{k.last_used_at ? dateTime(k.last_used_at) : <span className="muted">Never</span>}</td>
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="danger-text"
                      onClick={() => {
                        revoke.reset();
                        setRevoking(k);
                      }}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating ? (
        <NewKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
            void qc.invalidateQueries({ queryKey: apiKeyKeys.all });
          }}
        />
      ) : null}
      {created ? (
        <Dialog title="API key created" onClose={() => setCreated(null)}>
          <p>
            Copy the key for <strong>{created.name}</strong> now and keep it somewhere safe.
          </p>
          <SecretField label="API key" value={created.key} />
          <div className="dialog-actions">
            <button type="button" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </Dialog>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke API key"
          message={
            <>
              Requests with the key <strong>{revoking.name}</strong> ({revoking.prefix}…) will be refused from now on. This cannot be undone.
            </>
          }
          confirm="Revoke"
          danger
          busy={revoke.isPending}
          error={revoke.error ? errorMessage(revoke.error) : null}
          onConfirm={() => revoke.mutate(revoking.id)}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}

function NewKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (k: NewApiKey) => void }) {
  const session = useSession();
  const choices: string[] = session.permissions.length ? session.permissions.filter((p) => p.includes(':')) : [...KEY_PERMISSIONS];
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(choices));
  const create = useMutation({
    mutationFn: () => api.post<NewApiKey>('/dashboard/api/keys', chosen.size === choices.length ? { name: name.trim() } : { name: name.trim(), permissions: choices.filter((p) => chosen.has(p)) }),
    onSuccess: onCreated,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Dialog title="New API key" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="key-name">Name</label>
          <input id="key-name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. CRM sync" />
        </div>
        <fieldset className="fieldset">
          <legend>Permissions</legend>
          {choices.map((p) => (
            <div className="check" key={p}>
              <input
                id={`perm-${p}`}
                type="checkbox"
                checked={chosen.has(p)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(p);
                  else next.delete(p);
                  setChosen(next);
                }}
              />
              <label htmlFor={`perm-${p}`} className="mono">
                {p}
              </label>
            </div>
          ))}
        </fieldset>
        {create.error ? (
          <p role="alert" className="form-error">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={create.isPending || chosen.size === 0}>
            Create key
          </button>
        </div>
      </form>
    </Dialog>
  );
}
