// Request validation. Two Ajv instances: query strings, params and headers arrive as text, so
// they are coerced ("20" → 20); JSON bodies are not, so {"status": 5} or {"ai_response": 123}
// is refused instead of being quietly turned into a string. Unknown body fields are refused
// too (every body schema sets additionalProperties: false; nothing is removed silently).
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

function makeAjv(coerce: boolean) {
  // verbose: errors carry their schema, so a wrong type on an enum field can list the choices
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema) as any;

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
};

export function describeValidationError(e: ErrorObject | FastifySchemaValidationError, part: string): string {
  const p = e.params as Record<string, any>;
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

function article(type: string): string {
  const t = String(type).replace(',null', '');
  if (t === 'integer') return 'an integer';
  if (t === 'object' || t === 'array') return `an ${t}`;
  return `a ${t}`;
}

export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  return new Error(first ? describeValidationError(first, dataVar) : `Invalid ${dataVar}`);
}

/** True when any string in a parsed JSON body (keys included) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  // plain loops: this runs on every request body, and Object.entries would copy each object
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (containsNul(value[i], depth + 1)) return true;
    return false;
  }
  for (const k in value) {
    if (k.includes('\u0000') || containsNul((value as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}
