/** Small attachment bodies for the messages that carry one. */
import type { Attachment } from '../lib/types.ts';

/** A minimal one-page PDF with a title line. */
export function pdf(filename: string, title: string, nameStyle?: Attachment['nameStyle'], nameCharset?: string): Attachment {
  const stream = `BT /F1 14 Tf 72 760 Td (${title.replace(/[()\\]/g, '').replace(/[^\x20-\x7e]/g, '?')}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { filename, type: 'application/pdf', content: Buffer.from(body, 'latin1'), nameStyle, nameCharset };
}

export function vcf(filename: string, name: string, email: string, org: string, tel: string, nameStyle?: Attachment['nameStyle']): Attachment {
  const [first, ...rest] = name.split(' ');
  const card = `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${rest.join(' ')};${first};;;\r\nFN:${name}\r\nORG:${org};\r\nEMAIL;type=INTERNET;type=WORK;type=pref:${email}\r\nTEL;type=WORK;type=VOICE;type=pref:${tel}\r\nEND:VCARD\r\n`;
  return { filename, type: 'text/vcard', content: Buffer.from(card, 'utf8'), nameStyle };
}

export function csv(filename: string, rows: string[][], charset: 'utf-8' | 'windows-1252' = 'utf-8', nameStyle?: Attachment['nameStyle'], nameCharset?: string): Attachment {
  const text = rows.map((r) => r.join(';')).join('\r\n') + '\r\n';
  const content = charset === 'utf-8' ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) : Buffer.from(text, 'latin1');
  return { filename, type: 'text/csv', content, nameStyle, nameCharset };
}

/** A signature logo, inline in Outlook's HTML (multipart/related). */
export function logo(cid: string): Attachment {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAACCAYAAABllJ3tAAAAFklEQVR42mNkYPj/n4EBDzBq0KhBxAIAP3kD/dLMTmwAAAAASUVORK5CYII=', 'base64');
  return { filename: 'image001.png', type: 'image/png', content: png, cid };
}
