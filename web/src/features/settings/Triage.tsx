// Settings → Triage: on/off, the model's instructions and who answers in drafts
// (PATCH /api/triage), the language model as the server is configured (read-only: it comes from
// the environment), and each category's draft switch and template (PATCH /api/categories/{id}).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import type { Category, TriageSettings } from '../../types.ts';
import { triageSettingsQuery } from '../../queries/triage.ts';
import { categoriesQuery, categoryKeys } from '../../queries/settings.ts';
import { PageHead, ReadOnlyNote, useManager } from './Settings.tsx';

export default function TriagePage() {
  const settings = useQuery(triageSettingsQuery);
  const manage = useManager();
  return (
    <section>
      <PageHead title="Triage" />
      <p className="muted pad-bottom">
        Replies that arrive without a category are sorted into one and, for the categories whose drafts are on, answered in draft. A category a person or a client set, and a draft someone wrote, are
        never overwritten.
      </p>
      <ReadOnlyNote what="triage's settings" />
      {/* a member reads them; every control is disabled (docs/dashboard.md "How the dashboard talks to the server") */}
      <fieldset className="plain" disabled={!manage}>
        {settings.isPending ? <Loading /> : settings.isError ? <ErrorState error={settings.error} retry={() => settings.refetch()} /> : <SettingsForm settings={settings.data} />}
        {settings.data ? <ModelSettings model={settings.data.model} /> : null}
        <CategoryDrafts variables={settings.data?.template_variables ?? []} />
      </fieldset>
    </section>
  );
}

function SettingsForm({ settings }: { settings: TriageSettings }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ enabled: settings.enabled, instructions: settings.instructions, sender_name: settings.sender_name, signature: settings.signature });
  useEffect(() => setForm({ enabled: settings.enabled, instructions: settings.instructions, sender_name: settings.sender_name, signature: settings.signature }), [settings]);
  const save = useMutation({
    mutationFn: () => api.patch<TriageSettings>('/api/triage', form),
    onSuccess: (data) => {
      qc.setQueryData(triageSettingsQuery.queryKey, data);
      toast('Triage settings saved');
    },
  });
  return (
    <form
      className="form triage-form"
      aria-label="Triage settings"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="check">
        <input id="triage-enabled" type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        <label htmlFor="triage-enabled">Triage new replies (categories and drafts)</label>
      </div>
      <div className="field">
        <label htmlFor="triage-sender">Sender name in drafts</label>
        <input id="triage-sender" maxLength={200} value={form.sender_name} onChange={(e) => setForm({ ...form, sender_name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="triage-signature">Signature in drafts</label>
        <textarea id="triage-signature" rows={3} maxLength={2000} value={form.signature} onChange={(e) => setForm({ ...form, signature: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="triage-instructions">Instructions for the language model</label>
        <textarea
          id="triage-instructions"
          rows={4}
          maxLength={5000}
          value={form.instructions}
          placeholder="Tone, what you offer, what never to promise…"
          onChange={(e) => setForm({ ...form, instructions: e.target.value })}
        />
      </div>
      <p className="muted small">
        Learned from {settings.learned_examples} correction{settings.learned_examples === 1 ? '' : 's'} made by your team.
      </p>
      {save.error ? (
        <p role="alert" className="form-error">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save triage settings
        </button>
      </div>
    </form>
  );
}

function ModelSettings({ model }: { model: TriageSettings['model'] }) {
  return (
    <section aria-labelledby="triage-model">
      <h2 id="triage-model" className="section-title">
        Language model
      </h2>
      {model.configured ? (
        <dl className="details">
          <div className="details-row">
            <dt>Server</dt>
            <dd className="mono">{model.base_url}</dd>
          </div>
          <div className="details-row">
            <dt>Model</dt>
            <dd className="mono">{model.model}</dd>
          </div>
          <div className="details-row">
            <dt>Timeout</dt>
            <dd>{model.timeout_seconds} s</dd>
          </div>
          <div className="details-row">
            <dt>Calls today</dt>
            <dd>
              {model.calls_today} of {model.daily_budget}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">None configured: the built-in categoriser and the templates below do the work.</p>
      )}
      <p className="muted small">Set by the server's LLM_BASE_URL, LLM_API_KEY and LLM_MODEL (any OpenAI-compatible server); shown here read-only.</p>
    </section>
  );
}

function CategoryDrafts({ variables }: { variables: string[] }) {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(categoriesQuery);
  const [editing, setEditing] = useState<Category | null>(null);
  const toggle = useMutation({
    mutationFn: (c: Category) => api.patch(`/api/categories/${encodeURIComponent(c.id)}`, { drafts: !c.drafts }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: categoryKeys.all });
      toast('Draft switch saved');
    },
  });
  return (
    <section aria-labelledby="triage-drafts">
      <h2 id="triage-drafts" className="section-title">
        Drafts per category
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => list.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Draft switches and templates</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Drafts</th>
                <th scope="col">Template</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id}>
                  <td>
                    <CategoryChip category={c} />
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`Draft replies for ${c.name}`} checked={c.drafts} disabled={toggle.isPending} onChange={() => toggle.mutate(c)} />
                  </td>
                  <td>
                    <span className="muted small">{c.template ? 'Custom' : 'Built-in'}</span>{' '}
                    <button type="button" className="link-button" aria-label={`Edit the template of ${c.name}`} onClick={() => setEditing(c)}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toggle.error ? (
        <p role="alert" className="form-error">
          {errorMessage(toggle.error)}
        </p>
      ) : null}
      {editing ? <TemplateDialog category={editing} variables={variables} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function TemplateDialog({ category, variables, onClose }: { category: Category; variables: string[]; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState(category.template ?? '');
  const save = useMutation({
    mutationFn: () => api.patch(`/api/categories/${encodeURIComponent(category.id)}`, { template: text.trim() ? text : null }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: categoryKeys.all });
      toast(`Template of ${category.name} saved`);
      onClose();
    },
  });
  return (
    <Dialog title={`Draft template: ${category.name}`} onClose={onClose} wide>
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="template-text">Template</label>
          <textarea id="template-text" rows={10} maxLength={5000} value={text} placeholder="Empty: the built-in template" onChange={(e) => setText(e.target.value)} />
        </div>
        <p className="muted small">
          Variables:{' '}
          {variables.map((v) => (
            <code key={v}>{`{{${v}}}`} </code>
          ))}
          . A line whose variables are all empty is left out.
        </p>
        {save.error ? (
          <p role="alert" className="form-error">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={save.isPending}>
            Save template
          </button>
        </div>
      </form>
    </Dialog>
  );
}
