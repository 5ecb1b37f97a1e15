import { useId, useState } from 'react';

/** A secret shown once: read-only field, a Copy button, and the warning. */
export function SecretField({ label, value, warning = 'This key will not be shown again.' }: { label: string; value: string; warning?: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
      setCopied(document.execCommand?.('copy') ?? false);
    }
  };
  return (
    <div className="secret">
      <label htmlFor={id}>{label}</label>
      <div className="secret-row">
        <input id={id} readOnly value={value} className="mono" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className="warning" role="note">
        {warning}
      </p>
      <p className="muted small" aria-live="polite">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
    </div>
  );
}
