/**
 * The nine categories every new workspace starts with, in this order
 * (docs/triage.md "New workspaces, and the switch").
 */
export const DEFAULT_CATEGORIES = [
  { name: 'Interested', color: '#16a34a', is_positive: true, drafts: true },
  { name: 'Meeting request', color: '#0891b2', is_positive: true, drafts: true },
  { name: 'Information request', color: '#4f46e5', is_positive: true, drafts: true },
  { name: 'Referral', color: '#0d9488', is_positive: true, drafts: true },
  { name: 'Not interested', color: '#dc2626', is_positive: false, drafts: false },
  { name: 'Wrong person', color: '#ea580c', is_positive: false, drafts: false },
  { name: 'Out of office', color: '#ca8a04', is_positive: false, drafts: false },
  { name: 'Unsubscribe', color: '#6b7280', is_positive: false, drafts: false },
  { name: 'Bounce', color: '#78716c', is_positive: false, drafts: false },
] as const satisfies readonly { name: string; color: string; is_positive: boolean; drafts: boolean }[];

export type DefaultCategory = (typeof DEFAULT_CATEGORIES)[number]['name'];

export const CATEGORY_NAMES: readonly DefaultCategory[] = DEFAULT_CATEGORIES.map((c) => c.name);
