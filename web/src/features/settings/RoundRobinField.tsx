// A client's round-robin assignment (docs/api.md "The team's inbox"): the members its new
// replies are assigned to in turn, in the order ticked. None ticked: nobody is assigned.
import { useQuery } from '@tanstack/react-query';
import { membersQuery } from '../../queries/team.ts';

export function RoundRobinField({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const members = useQuery(membersQuery);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <fieldset className="field">
      <legend>Assign new replies in turn to</legend>
      <p className="muted small">Each new reply of this client goes to the next of them. Tick nobody to leave new replies unassigned.</p>
      {members.data?.map((m) => (
        <div className="check" key={m.id}>
          <input id={`round-robin-${m.id}`} type="checkbox" checked={value.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
          <label htmlFor={`round-robin-${m.id}`}>
            {m.name} <span className="muted small">{m.email}</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** The members a client's replies go to in turn, by name, for its row in the table. */
export function RoundRobinNames({ ids }: { ids: string[] }) {
  const members = useQuery(membersQuery);
  if (!ids.length) return <span className="muted">Nobody</span>;
  return <>{ids.map((id) => members.data?.find((m) => m.id === id)?.name ?? 'a former member').join(', ')}</>;
}
