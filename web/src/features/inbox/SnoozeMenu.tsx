import { type FormEvent, useId, useState } from 'react';
import { dateTime, toLocalInput } from '../../lib/format.ts';
import { laterToday, nextMonday, tomorrowMorning } from './view.ts';

/** A popover's choices of a time: presets and a date of one's own, in the future and at most `maxDays` ahead. */
export function TimeChoices({ presets, onPick, pickLabel, maxDays }: { presets: { label: string; at: Date }[]; onPick: (at: Date) => void; pickLabel: string; maxDays?: number }) {
  const id = useId();
  const [custom, setCustom] = useState(() => toLocalInput(tomorrowMorning()));
  const [error, setError] = useState<string | null>(null);
  const latest = maxDays === undefined ? null : new Date(Date.now() + maxDays * 86_400_000);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = new Date(custom);
    if (Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) return setError('Pick a time in the future.');
    if (latest && d > latest) return setError(`Pick a time at most ${maxDays} days ahead.`);
    onPick(d);
  };
  return (
    <div className="snooze-choices">
      {presets.map((p) => (
        <button key={p.label} type="button" className="menu-item" onClick={() => onPick(p.at)}>
          <span>{p.label}</span>
          <span className="muted small" aria-hidden="true">
            {dateTime(p.at.toISOString())}
          </span>
        </button>
      ))}
      <form onSubmit={submit} className="snooze-custom">
        <label htmlFor={id}>{pickLabel}</label>
        <div className="row-inline">
          <input id={id} type="datetime-local" value={custom} min={toLocalInput(new Date())} max={latest ? toLocalInput(latest) : undefined} onChange={(e) => setCustom(e.target.value)} />
          <button type="submit">Apply</button>
        </div>
        {error ? (
          <p role="alert" className="form-error small">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}

/** The choices inside a Snooze popover: three presets and a date of one's own. */
export function SnoozeChoices({ onPick }: { onPick: (until: Date) => void }) {
  const presets = [
    { label: 'Later today', at: laterToday() },
    { label: 'Tomorrow 8:00', at: tomorrowMorning() },
    { label: 'Next week Monday 8:00', at: nextMonday() },
  ];
  return <TimeChoices presets={presets} onPick={onPick} pickLabel="Pick a date" />;
}
