import { type FormEvent, useId, useState } from 'react';
import { dateTime, toLocalInput } from '../../lib/format.ts';
import { laterToday, nextMonday, tomorrowMorning } from './view.ts';

/** The choices inside a Snooze popover: three presets and a date of one's own. */
export function SnoozeChoices({ onPick }: { onPick: (until: Date) => void }) {
  const id = useId();
  const [custom, setCustom] = useState(() => toLocalInput(tomorrowMorning()));
  const [error, setError] = useState<string | null>(null);
  const presets = [
    { label: 'Later today', at: laterToday() },
    { label: 'Tomorrow 8:00', at: tomorrowMorning() },
    { label: 'Next week Monday 8:00', at: nextMonday() },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = new Date(custom);
    if (Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
      setError('Pick a time in the future.');
      return;
    }
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
        <label htmlFor={id}>Pick a date</label>
        <div className="row-inline">
          <input id={id} type="datetime-local" value={custom} min={toLocalInput(new Date())} onChange={(e) => setCustom(e.target.value)} />
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
