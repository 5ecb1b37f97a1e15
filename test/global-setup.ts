// Before any test file runs: the shipped classifier trained once and written to its weights file
// (src/triage/local/weights-file.ts), so every server and test process the suite starts reads it
// instead of training beside the others (tens of seconds each on a busy two-core machine).
import { warmUp } from '../src/triage/local/index.ts';

export function setup(): void {
  warmUp();
}
