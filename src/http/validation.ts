// Request validation. Two Ajv instances: query strings, params and headers arrive as text, so
// they are coerced ("20" → 20); JSON bodies are not, so {"status": 5} or {"ai_response": 123}
// is refused instead of being quietly turned into a string. Unknown body fields are refused
// too (every body schema sets additionalProperties: false; nothing is removed silently).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { isTimestamp } from '../timestamps.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export function makeAjv(coerce: boolean, allErrors = false) {
  // verbose: errors carry their schema, so a wrong type on an enum field can list the choices
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: false, allErrors, strict: false, verbose: true });
  addFormats(ajv);
  // ajv-formats' date-time accepts leap seconds and leaves the year unbounded; ours names an
  // instant that can be stored and shown back (src/timestamps.ts).
  ajv.addFormat('date-time', { type: 'string', validate: isTimestamp });
  return ajv;
}

// every problem of a request at once (schemaErrorFormatter), so a form can mark each field
const bodyAjv = makeAjv(false, true);
const textAjv = makeAjv(true, true);

/**
 * Every integer a schema takes is bounded to the integers JavaScript holds exactly: 1e19 is an
 * integer to JSON Schema, but no database column takes it. A copy: the route's own schema is
 * what the OpenAPI document shows.
 */
function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) copy[k] = k === 'enum' || k === 'const' || k === 'default' ? v : boundIntegers(v);
  if (copy.type === 'integer') {
    copy.minimum ??= -Number.MAX_SAFE_INTEGER;
    copy.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  return copy;
}

const DECIMAL = /^-?\d+$/;

/**
 * Query strings, params and headers arrive as text and Ajv turns "0x10", "1e3" and " 5" into
 * numbers; an integer there must be written in decimal digits, so the text is checked first.
 */
function decimalIntegersOnly(schema: { properties?: Record<string, { type?: unknown }> }, validate: ValidateFunction): ValidateFunction {
  const integers = Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === 'integer')
    .map(([name]) => name);
  if (!integers.length) return validate;
  const checked = ((data: Record<string, unknown> | null | undefined) => {
    for (const name of integers) {
      const value = data?.[name];
      if (value === undefined) continue;
      if (![value].flat().every((v) => typeof v === 'number' || (typeof v === 'string' && DECIMAL.test(v)))) {
        checked.errors = [{ keyword: 'type', instancePath: `/${name}`, schemaPath: '', params: { type: 'integer' } }];
        return false;
      }
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return checked;
}

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) => {
  const bounded = boundIntegers(schema) as object;
  if (httpPart === 'body') return bodyAjv.compile(bounded);
  return decimalIntegersOnly(bounded, textAjv.compile(bounded));
};

/** `/thread/0/sent_at` → `thread[0].sent_at` */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'a valid email address',
  'date-time': 'an ISO 8601 date-time such as 2026-01-31T09:30:00Z',
  uri: 'an absolute URL',
  uuid: 'an id (a UUID)',
};

/** The params of the keywords below, each set by Ajv for its own keyword (`type` lists the types when there are several). */
interface KeywordParams {
  missingProperty: string;
  additionalProperty: string;
  type: string | string[];
  format: string;
  allowedValues: unknown[];
  allowedValue: unknown;
  limit: number;
}

export function describeValidationError(e: ErrorObject | FastifySchemaValidationError, part: string): string {
  const p = e.params as KeywordParams;
  const where = part === 'body' ? 'request body' : part;
  switch (e.keyword) {
    case 'required':
      return `${fieldPath(e.instancePath, p.missingProperty)} is required`;
    case 'additionalProperties':
      return `Unknown field in ${where}: ${fieldPath(e.instancePath, p.additionalProperty)}`;
    case 'type': {
      const field = fieldPath(e.instancePath);
      const choices = (e as ErrorObject).parentSchema?.enum as unknown[] | undefined;
      if (field && choices) return `${field} must be one of ${choices.join(', ')}`;
      return field ? `${field} must be ${article(p.type)}` : `The ${where} must be ${article(p.type)}`;
    }
    case 'format':
      return `${fieldPath(e.instancePath)} must be ${FORMAT_NAMES[p.format] ?? `in ${p.format} format`}`;
    case 'enum':
      return `${fieldPath(e.instancePath)} must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${fieldPath(e.instancePath)} must be ${String(p.allowedValue)}`;
    case 'minimum':
      return `${fieldPath(e.instancePath)} must be at least ${p.limit}`;
    case 'maximum':
      return `${fieldPath(e.instancePath)} must be at most ${p.limit}`;
    case 'minLength':
      return p.limit === 1 ? `${fieldPath(e.instancePath)} must not be empty` : `${fieldPath(e.instancePath)} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${fieldPath(e.instancePath)} must be at most ${p.limit} characters`;
    case 'maxItems':
      return `${fieldPath(e.instancePath)} must have at most ${p.limit} items`;
    case 'minItems':
      return `${fieldPath(e.instancePath)} must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'pattern':
      return `${fieldPath(e.instancePath)} has an invalid format`;
    default:
      return `${fieldPath(e.instancePath) || where} ${e.message ?? 'is invalid'}`;
  }
}

function article(type: string | string[]): string {
  const t = String(type).replace(',null', '');
  if (t === 'integer') return 'an integer';
  if (t === 'object' || t === 'array') return `an ${t}`;
  return `a ${t}`;
}

/** The values of a union of literals (`Type.Union([Type.Literal('a'), …])`) that failed, or null. */
function constChoices(e: ErrorObject | FastifySchemaValidationError): unknown[] | null {
  if (e.keyword !== 'anyOf') return null;
  const branches = (e as ErrorObject).schema;
  if (!Array.isArray(branches) || !branches.every((b) => b && typeof b === 'object' && 'const' in b)) return null;
  return branches.map((b: { const: unknown }) => b.const);
}

/** At most this many problems are named in one answer. */
const MAX_PROBLEMS = 10;

/**
 * Every problem of the request, one per field, in the schema's order, joined by "; ": the
 * first is what a single-problem answer said. A field's later errors are dropped: a wrong
 * type on a nullable field fails each branch of its union, and the first says it best.
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const byField = new Map<string, string>();
  for (const e of errors) {
    const p = e.params as Partial<KeywordParams>;
    const field = fieldPath(e.instancePath, p.missingProperty ?? p.additionalProperty);
    const choices = constChoices(e);
    // a union of literals fails each literal first; its anyOf error names the choices
    if (choices) byField.set(field, `${field} must be one of ${choices.join(', ')}`);
    else if (!byField.has(field)) byField.set(field, describeValidationError(e, dataVar));
  }
  // a field whose own parts have problems (a union's other branch: "imap must be null") is left out
  const fields = [...byField.keys()];
  const within = (outer: string, inner: string) => inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`) || (outer === '' && inner !== '');
  const problems = fields
    .filter((f) => !fields.some((g) => within(f, g)))
    .map((f) => byField.get(f) as string)
    .slice(0, MAX_PROBLEMS);
  return new Error(problems.length ? problems.join('; ') : `Invalid ${dataVar}`);
}

export type ValueProblem = 'nul' | 'surrogate' | 'infinite';

/**
 * The first value in a parsed request part that could not be stored as sent, or null: text
 * with a NUL character (PostgreSQL cannot store it in text, and no field has a use for it) or
 * a lone UTF-16 surrogate (not a character: it would be stored as U+FFFD and read back
 * different from what was answered), keys included; or a number beyond a double (JSON.parse
 * reads 1e400 as Infinity, which is stored as null). Bodies are at most MAX_JSON_DEPTH deep
 * (json-body.ts), so the walk is bounded.
 */
export function valueProblem(value: unknown): ValueProblem | null {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : value.isWellFormed() ? null : 'surrogate';
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'infinite';
  if (value === null || typeof value !== 'object') return null;
  // plain loops: this runs on every request body, and Object.entries would copy each object
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = valueProblem(value[i]);
      if (p) return p;
    }
    return null;
  }
  for (const k in value) {
    const p = valueProblem(k) ?? valueProblem((value as Record<string, unknown>)[k]);
    if (p) return p;
  }
  return null;
}
