import { Dialog } from '../../components/Dialog.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const MOD = isMac ? '⌘' : 'Ctrl';

const SHORTCUTS: [string, string][] = [
  ['j', 'Next reply'],
  ['k', 'Previous reply'],
  ['e', 'Archive'],
  ['s', 'Snooze'],
  ['c', 'Category'],
  ['a', 'Assign'],
  ['r', 'Edit the draft'],
  ['z', 'Undo (a send within its 10 seconds, an archive, a snooze…)'],
  [`${MOD}+Enter`, 'Send'],
  ['/', 'Search'],
  ['x', 'Select the current reply'],
  ['Esc', 'Back / close'],
  ['?', 'Show these shortcuts'],
];

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([key, what]) => (
            <tr key={key}>
              <td>
                <kbd>{key}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">Keys are ignored while you type in a field, except {MOD}+Enter and Esc.</p>
    </Dialog>
  );
}
