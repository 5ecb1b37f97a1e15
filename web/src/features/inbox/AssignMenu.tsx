// Who a reply is assigned to (docs/dashboard.md "The team's inbox"): the reply view's picker
// (`a` opens it), the choices the bulk bar offers too, and the assignee a list row shows.
// Assigning never mails anyone.
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Popover } from '../../components/Popover.tsx';
import { useSession } from '../../lib/session.ts';
import { membersQuery } from '../../queries/team.ts';
import type { Assignee } from '../../types.ts';

const nameOf = (a: Assignee) => a.name || a.email || 'a member';

/**
 * The choices of an Assign menu: the signed-in person first, then the other members by address,
 * then Unassign. `current` marks the reply's assignee (undefined: several replies, none marked).
 */
export function AssignChoices({ current, onPick }: { current?: string | null; onPick: (id: string | null, name: string) => void }) {
  const session = useSession();
  const members = useQuery(membersQuery);
  if (members.isPending) return <p className="muted small pad">Loading members…</p>;
  if (members.isError)
    return (
      <p role="alert" className="form-error small pad">
        {errorMessage(members.error)}
      </p>
    );
  const me = members.data.find((m) => m.id === session.user.id);
  const ordered = me ? [me, ...members.data.filter((m) => m !== me)] : members.data;
  return (
    <div className="assign-choices">
      {ordered.map((m) => (
        <button key={m.id} type="button" className="menu-item" onClick={() => onPick(m.id, m.name)}>
          <span className="person">
            <Avatar name={m.name} />
            <span>
              {m.name}
              {m === me ? ' (me)' : ''}
            </span>
          </span>
          <span className="muted small">{m.id === current ? '✓ Assigned' : m.email}</span>
        </button>
      ))}
      <button type="button" className="menu-item" disabled={current === null} onClick={() => onPick(null, '')}>
        Unassign
      </button>
    </div>
  );
}

/** The reply view's Assign button: it shows the current assignee and opens the choices. */
export function AssignMenu(props: { assignee: Assignee | null; open: boolean; setOpen: (open: boolean) => void; onAssign: (id: string | null) => void }) {
  const { assignee } = props;
  return (
    <Popover
      className="assign-menu"
      label={
        assignee ? (
          <span className="person">
            <Avatar name={nameOf(assignee)} />
            <span>Assigned to {nameOf(assignee)}</span> <kbd aria-hidden="true">a</kbd>
          </span>
        ) : (
          <>
            Assign <kbd aria-hidden="true">a</kbd>
          </>
        )
      }
      panelLabel="Assign to"
      open={props.open}
      onOpenChange={props.setOpen}
    >
      <AssignChoices
        current={assignee?.id ?? null}
        onPick={(id) => {
          props.setOpen(false);
          props.onAssign(id);
        }}
      />
    </Popover>
  );
}

/** The assignee in a list row: initials, and the name in words for screen readers and the eye. */
export function AssigneeTag({ assignee }: { assignee: Assignee }) {
  const name = nameOf(assignee);
  return (
    <span className="assignee-tag" title={`Assigned to ${name}`}>
      <Avatar name={name} />
      <span>
        <span className="sr-only">Assigned to </span>
        {name}
      </span>
    </span>
  );
}
