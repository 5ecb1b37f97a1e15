// `replydesk export --workspace ID --out DIR [--format jsonl|csv]` (docs/deploy.md "Export"):
// one file per resource (export-queries.ts names them and their columns, never a secret),
// streamed: rows are read a page at a time along an index and each page is written before the
// next is read, waiting for the file to drain, so memory stays bounded however many rows a
// workspace holds.
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { csvRow } from '../csv.ts';
import type { Db } from '../db/connect.ts';
import { getWorkspace } from '../workspaces/service.ts';
import { EXPORTED, type ExportedResource, type Row } from './export-queries.ts';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Rows read and written at a time. */
export const EXPORT_PAGE = 1000;

export interface ExportResult {
  dir: string;
  format: ExportFormat;
  files: { file: string; rows: number }[];
}

export interface ExportOptions {
  workspaceId: string;
  dir: string;
  format: ExportFormat;
  /** A terminal to keep one line of progress on (`\r`), or null (output piped: no progress). */
  progress: { write(text: string): unknown } | null;
  pageSize?: number;
  /** Called with each page as it is read (tests follow the paging through it). */
  onPage?: (resource: string, rows: number) => void;
}

const jsonValue = (text: unknown) => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A row as a JSON Lines line: true/false for SQLite's 0/1, JSON columns as their value. */
function jsonLine(resource: ExportedResource, row: Row): string {
  const out: Row = {};
  for (const c of resource.columns) {
    const v = row[c];
    out[c] = v === null || v === undefined ? null : resource.booleans.includes(c) ? Boolean(v) : resource.json.includes(c) ? jsonValue(v) : v;
  }
  return `${JSON.stringify(out)}\n`;
}

/** A row as a CSV record, its cells safe against formula injection (src/csv.ts). */
function csvLine(resource: ExportedResource, row: Row): string {
  return csvRow(
    resource.columns.map((c) => {
      const v = row[c] as string | number | boolean | null | undefined;
      return resource.booleans.includes(c) && v !== null && v !== undefined ? String(Boolean(v)) : v;
    }),
  );
}

export async function exportWorkspace(db: Db, opts: ExportOptions): Promise<ExportResult> {
  if (!(await getWorkspace(db, opts.workspaceId))) throw new Error(`No workspace with id ${opts.workspaceId}`);
  const dir = path.resolve(opts.dir);
  fs.mkdirSync(dir, { recursive: true });
  const pageSize = opts.pageSize ?? EXPORT_PAGE;
  const files: ExportResult['files'] = [];
  const show = (current: string, rows: number) => opts.progress?.write(`\r${[...files.map((f) => `${path.basename(f.file, `.${opts.format}`)} ${f.rows}`), `${current} ${rows}…`].join(' · ')}\x1b[K`);

  for (const resource of EXPORTED) {
    const file = path.join(dir, `${resource.name}.${opts.format}`);
    const stream = fs.createWriteStream(file);
    const write = async (chunk: string) => {
      if (!stream.write(chunk)) await once(stream, 'drain');
    };
    let rows = 0;
    try {
      if (opts.format === 'csv') await write(csvRow(resource.columns));
      let last: unknown[] | null = null;
      for (;;) {
        const page = await resource.page(db.read, opts.workspaceId, last, pageSize);
        opts.onPage?.(resource.name, page.length);
        if (page.length) await write(page.map((row) => (opts.format === 'csv' ? csvLine(resource, row) : jsonLine(resource, row))).join(''));
        rows += page.length;
        show(resource.name, rows);
        if (page.length < pageSize) break;
        const end = page[page.length - 1]!;
        last = resource.key.map((k) => end[k]);
      }
      stream.end();
      await finished(stream);
    } catch (err) {
      stream.destroy();
      throw err;
    }
    files.push({ file, rows });
  }
  opts.progress?.write(`\r${files.map((f) => `${path.basename(f.file, `.${opts.format}`)} ${f.rows}`).join(' · ')}\x1b[K\n`);
  return { dir, format: opts.format, files };
}
