// The IMAP and SMTP settings of the mailbox form (Mailboxes.tsx): their fields, each with its
// problem under it, found in the browser (serverProblems) or in the server's answer
// (serverFieldProblems), all at once.
import type { Connection } from '../../types.ts';

export type Tls = NonNullable<Connection['imap']>['tls'];
export interface Server {
  host: string;
  port: string;
  tls: Tls;
  username: string;
  password: string;
}
const emptyServer = (port: string, tls: Tls): Server => ({ host: '', port, tls, username: '', password: '' });
export const serverOf = (s: { host: string; port: number; tls: Tls; username: string } | null | undefined, port: string, tls: Tls): Server =>
  s ? { host: s.host, port: String(s.port), tls: s.tls, username: s.username, password: '' } : emptyServer(port, tls);

export const blank = (s: Server) => !s.host.trim() && !s.username.trim() && !s.password;

/** What is wrong with a server's settings, by field (the input's id), all at once. */
export function serverProblems(prefix: string, title: string, s: Server, keepPassword: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  const port = Number(s.port);
  if (!s.host.trim()) problems[`${prefix}-host`] = `Enter the ${title} server's host name.`;
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems[`${prefix}-port`] = 'A port is a whole number from 1 to 65535.';
  if (!s.username.trim()) problems[`${prefix}-user`] = `Enter the ${title} username (often the mailbox's address).`;
  if (!s.password && !keepPassword) problems[`${prefix}-password`] = `Enter the ${title} password (an app password for Gmail and Microsoft 365).`;
  return problems;
}

const INPUT_OF: Record<string, string> = { host: 'host', port: 'port', username: 'user', password: 'password' };

/**
 * The server's answer to a form it refused, split into the problems of fields this form shows
 * (it names every problem at once, "imap.port must be at most 65535; smtp.host is required")
 * and the rest, said at the foot of the form.
 */
export function serverFieldProblems(message: string): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const problem of message.split('; ')) {
    const m = /^(imap|smtp)\.(host|port|username|password) (.*)$/.exec(problem);
    if (m?.[1] && m[2] && m[3]) fields[`${m[1]}-${INPUT_OF[m[2]]}`] = `${m[1].toUpperCase()} ${m[2]} ${m[3]}.`;
    else rest.push(problem);
  }
  return { fields, rest };
}

/** A labelled input of a server, with its problem under it when it has one. */
function ServerInput(props: { id: string; label: string; problem?: string; children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode }) {
  const aria = props.problem ? { 'aria-invalid': true as const, 'aria-describedby': `${props.id}-problem` } : {};
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children(aria)}
      {props.problem ? (
        <span id={`${props.id}-problem`} className="form-error small">
          {props.problem}
        </span>
      ) : null}
    </div>
  );
}

export function ServerFields(props: { prefix: string; title: string; value: Server; onChange: (s: Server) => void; keepPassword: boolean; problems: Record<string, string> }) {
  const { prefix, title, value, problems } = props;
  const set = (k: keyof Server, v: string) => props.onChange({ ...value, [k]: v });
  return (
    <fieldset className="fieldset grid-2">
      <legend>{title}</legend>
      <ServerInput id={`${prefix}-host`} label={`${title} host`} problem={problems[`${prefix}-host`]}>
        {(aria) => <input id={`${prefix}-host`} {...aria} value={value.host} onChange={(e) => set('host', e.target.value)} />}
      </ServerInput>
      <ServerInput id={`${prefix}-port`} label={`${title} port`} problem={problems[`${prefix}-port`]}>
        {(aria) => <input id={`${prefix}-port`} {...aria} inputMode="numeric" value={value.port} onChange={(e) => set('port', e.target.value)} />}
      </ServerInput>
      <div className="field">
        <label htmlFor={`${prefix}-tls`}>{title} security</label>
        <select id={`${prefix}-tls`} value={value.tls} onChange={(e) => set('tls', e.target.value)}>
          <option value="implicit">TLS</option>
          <option value="starttls">STARTTLS</option>
          <option value="none">None</option>
        </select>
      </div>
      <ServerInput id={`${prefix}-user`} label={`${title} username`} problem={problems[`${prefix}-user`]}>
        {(aria) => <input id={`${prefix}-user`} {...aria} autoComplete="off" value={value.username} onChange={(e) => set('username', e.target.value)} />}
      </ServerInput>
      <ServerInput id={`${prefix}-password`} label={`${title} password`} problem={problems[`${prefix}-password`]}>
        {(aria) => (
          <input
            id={`${prefix}-password`}
            {...aria}
            type="password"
            autoComplete="new-password"
            placeholder={props.keepPassword ? 'Unchanged' : undefined}
            value={value.password}
            onChange={(e) => set('password', e.target.value)}
          />
        )}
      </ServerInput>
    </fieldset>
  );
}
