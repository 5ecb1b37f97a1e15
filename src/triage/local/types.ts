export interface TriageInput {
  subject: string | null;
  /** Plain text (body_html already turned to text by the caller when there is no text). */
  bodyText: string | null;
  fromEmail: string;
  fromName?: string | null;
  /** Lower-cased header names, from mailbox mail only (absent for API ingestion). */
  headers?: Record<string, string | string[]>;
  /** e.g. 'multipart/report; report-type=delivery-status' */
  contentType?: string | null;
  /** ISO, for reading out-of-office return dates. */
  receivedAt?: string;
}

export interface Decision {
  /** A category NAME: one of the nine defaults, or (from a workspace model) a workspace category id. */
  label: string;
  /** 0..1 */
  confidence: number;
  source: 'header' | 'rule' | 'classifier' | 'workspace';
  /** Human-readable "why", e.g. 'Auto-Submitted: auto-replied header' or 'classifier 0.91'. */
  reason: string;
}
