// The open reply's history (docs/dashboard.md "The team's inbox"): a collapsed section listing
// the single read's `activity` oldest first, as the thread and the notes read, so the latest
// change sits at the bottom, next to the draft. Each line in words (history.ts) and how long
// ago, with the exact time on hover.
import { useQuery } from '@tanstack/react-query';
import { dateTime, relativeTime } from '../../lib/format.ts';
import { categoriesQuery, clientsQuery } from '../../queries/settings.ts';
import { membersQuery } from '../../queries/team.ts';
import type { ReplyDetail } from '../../types.ts';
import { describe, type Names } from './history.ts';

export function History({ reply }: { reply: ReplyDetail }) {
  const categories = useQuery(categoriesQuery);
  const members = useQuery(membersQuery);
  const clients = useQuery(clientsQuery);
  const names: Names = {
    category: (id) => categories.data?.find((c) => c.id === id)?.name ?? (reply.category?.id === id ? reply.category.name : undefined),
    member: (id) => members.data?.find((m) => m.id === id)?.name ?? (reply.assignee?.id === id ? reply.assignee.name : undefined),
    client: (id) => clients.data?.find((c) => c.id === id)?.name ?? (reply.client?.id === id ? reply.client.name : undefined),
  };
  if (!reply.activity.length) return null;
  return (
    <details className="history">
      <summary>
        <h2 className="section-title">History ({reply.activity.length})</h2>
      </summary>
      <ol className="history-list">
        {reply.activity.map((entry, i) => (
          <li key={i} className="history-item">
            <span>{describe(entry, names)}</span>
            <time className="muted small" dateTime={entry.at} title={dateTime(entry.at)}>
              {relativeTime(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}
