import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { SecretField } from '../../components/CopyField.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { type Answer, WEBHOOK_EVENTS, type WebhookEndpoint } from '../../types.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { webhookKeys, webhooksQuery } from '../../queries/settings.ts';
import { PageHead } from './Settings.tsx';

/** An endpoint with its signing secret: answered once, when it is created or its secret rotated. */
type WithSecret = Answer<'/api/webhooks', 'post'>;

export default function WebhooksPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(webhooksQuery);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ title: string; endpoint: WithSecret } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: webhookKeys.list() });

  const toggle = useMutation({
    mutationFn: (e: WebhookEndpoint) => api.patch<WebhookEndpoint>(`/api/webhooks/${encodeURIComponent(e.id)}`, { enabled: !e.enabled }),
    onSuccess: (e) => toast(e.enabled ? `${e.url} enabled` : `${e.url} disabled`),
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: refresh,
  });
  const test = useMutation({
    mutationFn: (e: WebhookEndpoint) => api.post<Answer<'/api/webhooks/{id}/test', 'post'>>(`/api/webhooks/${encodeURIComponent(e.id)}/test`),
    onSuccess: (_res, e) => {
      toast('Test event queued');
      setOpenLog(e.id);
      void qc.invalidateQueries({ queryKey: webhookKeys.deliveries(e.id) });
    },
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
  });
  const rotate = useMutation({
    mutationFn: (e: WebhookEndpoint) => api.post<WithSecret>(`/api/webhooks/${encodeURIComponent(e.id)}/rotate-secret`),
    onSuccess: (e) => {
      setSecret({ title: 'New signing secret', endpoint: e });
      void refresh();
    },
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (e: WebhookEndpoint) => api.delete(`/api/webhooks/${encodeURIComponent(e.id)}`),
    onSuccess: () => {
      toast('Webhook deleted');
      setDeleting(null);
      void refresh();
    },
  });

  if (list.isPending) return <Loading label="Loading webhooks…" />;
  if (list.isError) return <ErrorState error={list.error} retry={() => list.refetch()} />;
  return (
    <section>
      <PageHead title="Webhooks">
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          New webhook
        </button>
      </PageHead>
      <p className="muted pad">Replydesk posts each event to these URLs, signed with the endpoint's secret (Standard Webhooks).</p>
      {list.data.length === 0 ? (
        <Empty title="No webhooks yet">Add an endpoint to hear about new replies as they arrive.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Webhook endpoints</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Enabled</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((e) => (
                <Fragment key={e.id}>
                  <tr>
                    <td>
                      <span className="mono break">{e.url}</span>
                      {e.description ? <div className="muted small">{e.description}</div> : null}
                      {!e.enabled && e.disabled_reason ? <div className="form-error small">{e.disabled_reason}</div> : null}
                      {e.enabled && e.failing_since ? <div className="warning small">Failing since {dateTime(e.failing_since)}</div> : null}
                    </td>
                    <td>
                      <span className="perms">
                        {e.events.map((ev) => (
                          <span key={ev} className="tag">
                            {ev === '*' ? 'All events' : ev}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td>
                      <label className="switch">
                        <input type="checkbox" checked={e.enabled} disabled={toggle.isPending} onChange={() => toggle.mutate(e)} aria-label={`Enabled: ${e.url}`} />
                        <span aria-hidden="true">{e.enabled ? 'On' : 'Off'}</span>
                      </label>
                    </td>
                    <td className="actions-cell">
                      <button type="button" onClick={() => test.mutate(e)} disabled={test.isPending || !e.enabled}>
                        Send test event
                      </button>
                      <button type="button" onClick={() => rotate.mutate(e)} disabled={rotate.isPending}>
                        Rotate secret
                      </button>
                      <button type="button" aria-expanded={openLog === e.id} onClick={() => setOpenLog(openLog === e.id ? null : e.id)}>
                        Deliveries
                      </button>
                      <button
                        type="button"
                        className="danger-text"
                        onClick={() => {
                          remove.reset();
                          setDeleting(e);
                        }}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                  {openLog === e.id ? (
                    <tr className="subrow">
                      <td colSpan={4}>
                        <DeliveryLog endpoint={e} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating ? (
        <NewWebhookDialog
          onClose={() => setCreating(false)}
          onCreated={(e) => {
            setCreating(false);
            setSecret({ title: 'Webhook created', endpoint: e });
            void refresh();
          }}
        />
      ) : null}
      {secret ? (
        <Dialog title={secret.title} onClose={() => setSecret(null)}>
          <p>
            Deliveries to <span className="mono break">{secret.endpoint.url}</span> are signed with this secret. Copy it into your receiver now.
          </p>
          <SecretField label="Signing secret" value={secret.endpoint.secret} warning="This secret will not be shown again." />
          {secret.endpoint.secret_rotated_until ? <p className="muted small">The previous secret keeps signing alongside it until {dateTime(secret.endpoint.secret_rotated_until)}.</p> : null}
          <div className="dialog-actions">
            <button type="button" onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete webhook"
          message={
            <>
              Stop sending events to <span className="mono break">{deleting.url}</span> and delete its delivery log?
            </>
          }
          confirm="Delete"
          danger
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

function NewWebhookDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (e: WithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<Set<string>>(new Set(WEBHOOK_EVENTS));
  const create = useMutation({
    mutationFn: () =>
      api.post<WithSecret>('/api/webhooks', {
        url: url.trim(),
        events: all ? ['*'] : WEBHOOK_EVENTS.filter((e) => events.has(e)),
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: onCreated,
  });
  return (
    <Dialog title="New webhook" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="webhook-url">URL</label>
          <input id="webhook-url" type="url" required maxLength={2000} placeholder="https://example.com/webhooks/replydesk" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="webhook-description">Description</label>
          <input id="webhook-description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <fieldset className="fieldset">
          <legend>Events</legend>
          <div className="check">
            <input id="webhook-all" type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
            <label htmlFor="webhook-all">All events</label>
          </div>
          {WEBHOOK_EVENTS.map((ev) => (
            <div className="check indent" key={ev}>
              <input
                id={`webhook-${ev}`}
                type="checkbox"
                disabled={all}
                checked={all || events.has(ev)}
                onChange={(e) => {
                  const next = new Set(events);
                  if (e.target.checked) next.add(ev);
                  else next.delete(ev);
                  setEvents(next);
                }}
              />
              <label htmlFor={`webhook-${ev}`} className="mono">
                {ev}
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
          <button type="submit" className="primary" disabled={create.isPending || (!all && events.size === 0)}>
            Create webhook
          </button>
        </div>
      </form>
    </Dialog>
  );
}
