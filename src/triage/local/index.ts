/**
 * The local categoriser (issue 17): pure functions, no database and no I/O at call time (the
 * shipped corpus is read once, on first use). docs/triage.md describes the categories' rules,
 * the pipeline and its measured accuracy and cost.
 */
export { DEFAULT_CATEGORIES, CATEGORY_NAMES, type DefaultCategory } from './categories.ts';
export type { TriageInput, Decision } from './types.ts';
export { categorise, inOtherScript, suggest, CLASSIFIER_THRESHOLD, WORKSPACE_THRESHOLD } from './categorise.ts';
export { stripQuoted } from './strip.ts';
export { outOfOfficeUntil } from './ooo-date.ts';
export { WorkspaceModel } from './workspace-model.ts';
export { readHeaders } from './headers.ts';
/** Train the shipped classifier now (at boot) instead of on the first reply. */
export { shipped as warmUp } from './shipped.ts';
