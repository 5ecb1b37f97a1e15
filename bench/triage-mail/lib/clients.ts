/**
 * Mail clients as they write a reply: header order and spelling, MIME structure, boundaries,
 * charsets, transfer encodings, and how each quotes the message it answers.
 */
import {
  CRLF,
  address,
  alnum,
  b64Lines,
  b64chars,
  encodeBody,
  encodeText,
  escapeHtml,
  flow,
  header,
  hex,
  rfc2231,
  rfcDate,
  rng,
  utcDate,
  encodedWords,
  type Cte,
  type HeaderStyle,
  type Leaf,
  type Multi,
  type Part,
} from './mime.ts';
import { LOCALES, TOM, pitchText, type Locale } from './locale.ts';
import type { Attachment, Msg } from './types.ts';

export interface Ctx {
  m: Msg;
  l: Locale;
  r: () => number;
  name: string;
  addr: string;
  local: string;
  domain: string;
  first: string;
  company: string;
  pitch: string;
  pitchSubject: string;
  pitchId: string;
  pitchDate: string;
  date: string;
  tz: string;
  meta: { subject?: string };
}

const DEFAULT_TZ: Record<string, string> = { en: '+0000', pt: '+0000', fi: '+0200', ja: '+0900', zh: '+0800', ru: '+0300' };

export function context(m: Msg): Ctx {
  const mm = /^(.*?)\s*<([^>]+)>$/.exec(m.who);
  const name = mm ? mm[1]!.replace(/^"|"$/g, '') : '';
  const addr = mm ? mm[2]! : m.who;
  const [local, domain] = addr.split('@') as [string, string];
  const l = LOCALES[m.lang];
  const first = m.first ?? (name.includes(',') ? name.split(',')[1]!.trim() : name.split(' ')[0]!) ?? local;
  const company =
    m.company ??
    domain
      .split('.')[0]!
      .replace(/-/g, ' ')
      .replace(/\b\w/g, (c) => c.toUpperCase());
  const pr = rng('pitch:' + addr);
  const tz = m.tz ?? DEFAULT_TZ[m.lang] ?? '+0100';
  return {
    m,
    l,
    r: rng(m.id),
    name,
    addr,
    local,
    domain,
    first,
    company,
    pitch: pitchText(m.lang, first, company),
    pitchSubject: l.subject,
    pitchId: `<CAH${b64chars(pr, 20).replace(/[+/]/g, 'x')}${alnum(pr, 24)}@mail.gmail.com>`,
    pitchDate: 'Tue, 3 Mar 2026 09:14:22 +0100',
    date: rfcDate(m.date, tz),
    tz,
    meta: {},
  };
}

export const quoteLines = (s: string, p = '>') =>
  s
    .split('\n')
    .map((x) => (x ? `${p} ${x}` : p))
    .join('\n');
export const nl2br = (s: string) => escapeHtml(s).replace(/\n/g, '<br>\n');
const uuid = (r: () => number) => `${hex(r, 8, true)}-${hex(r, 4, true)}-${hex(r, 4, true)}-${hex(r, 4, true)}-${hex(r, 12, true)}`;

/** The top-level Subject, remembered for the manifest (the check compares mailparser's reading). */
export function subj(c: Ctx, value: string, st: HeaderStyle): string {
  c.meta.subject = value;
  return header('Subject', value, st);
}

export function hs(c: Ctx, dflt: HeaderStyle): HeaderStyle {
  return { charset: c.m.hcs ?? dflt.charset, mode: c.m.hmode ?? dflt.mode, label: c.m.hcs ? undefined : dflt.label };
}

/** What Tom's mailbox (Google Workspace) adds on delivery, which an IMAP fetch returns. */
export function trace(c: Ctx, o: { envelope: string; host: string; ip: string; dkim?: string }): string[] {
  const r = c.r;
  const stamp = utcDate(c.m.date, c.tz, 2 + Math.floor(r() * 5));
  const out = [
    'Delivered-To: tom@northwind.io',
    `Received: by 2002:a05:7300:${hex(r, 4)}:b0:${hex(r, 3)}:${hex(r, 4)}:${hex(r, 4)} with SMTP id ${alnum(r, 4).toLowerCase()}csp${Math.floor(r() * 9e6)};\n        ${stamp}`,
    `Return-Path: <${o.envelope}>`,
    `Received: from ${o.host} (${o.host}. [${o.ip}])\n        by mx.google.com with ESMTPS id ${alnum(r, 12).toLowerCase()}.${Math.floor(r() * 900) + 100}.2026.03.${c.m.date.slice(8, 10)}\n        for <tom@northwind.io>\n        (version=TLS1_3 cipher=TLS_AES_256_GCM_SHA384 bits=256/256);\n        ${stamp}`,
  ];
  if (o.envelope) {
    const d = o.envelope.split('@')[1] ?? c.domain;
    out.push(
      `Authentication-Results: mx.google.com;\n       dkim=pass header.i=@${o.dkim ?? d} header.s=${o.dkim ? 'selector1' : 's1'} header.b=${b64chars(r, 8)};\n       spf=pass (google.com: domain of ${o.envelope} designates ${o.ip} as permitted sender) smtp.mailfrom=${o.envelope};\n       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=${d}`,
    );
  } else {
    out.push(`Authentication-Results: mx.google.com;\n       spf=pass (google.com: domain of postmaster@${o.host} designates ${o.ip} as permitted sender) smtp.helo=${o.host}`);
  }
  return out;
}

export function textLeaf(ct: string, text: string, charset: string, cte: Cte, cteFirst = false): Leaf {
  const headers = cteFirst ? [`Content-Transfer-Encoding: ${cte}`, ct] : [ct, `Content-Transfer-Encoding: ${cte}`];
  return { headers, body: encodeBody(text, charset, cte) };
}

export function attachmentPart(a: Attachment, style: 'outlook' | 'thunderbird' | 'apple' | 'gmail'): Leaf {
  const ascii = /^[\x00-\x7f]*$/.test(a.filename);
  const cs = a.nameCharset ?? 'utf-8';
  const word = ascii ? `"${a.filename}"` : `"${encodedWords(a.filename, cs, 'Q').join(' ')}"`;
  const headers: string[] = [];
  if (a.cid) {
    headers.push(
      `Content-Type: ${a.type};\n\tname="${a.filename}"`,
      `Content-Description: ${a.filename}`,
      `Content-Disposition: inline;\n\tfilename="${a.filename}"; size=${a.content.length}`,
      `Content-ID: <${a.cid}>`,
      'Content-Transfer-Encoding: base64',
    );
    return { headers, body: Buffer.from(b64Lines(a.content), 'latin1') };
  }
  const ext = ascii ? `filename="${a.filename}"` : rfc2231('filename', a.filename, cs);
  const rfcName = ascii ? `name="${a.filename}"` : rfc2231('name', a.filename, cs);
  switch (style) {
    case 'outlook':
      if (a.nameStyle === 'rfc2231') headers.push(`Content-Type: ${a.type};\n\t${rfcName}`, 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment;\n\t${ext}`);
      else headers.push(`Content-Type: ${a.type};\n\tname=${word}`, 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment;\n\tfilename=${word}`);
      break;
    case 'thunderbird':
      headers.push(`Content-Type: ${a.type}; name=${word}`, `Content-Disposition: attachment; ${ext}`, 'Content-Transfer-Encoding: base64');
      break;
    case 'apple':
      headers.push(`Content-Disposition: attachment;\n\t${ext}`, `Content-Type: ${a.type};\n\tx-unix-mode=0644;\n\tname=${word}`, 'Content-Transfer-Encoding: base64');
      break;
    case 'gmail':
      headers.push(
        `Content-Type: ${a.type}; name=${word}`,
        `Content-Disposition: attachment; filename=${word}`,
        'Content-Transfer-Encoding: base64',
        `Content-ID: <f_${alnum(rng(a.filename), 9).toLowerCase()}0>`,
        `X-Attachment-Id: f_${alnum(rng(a.filename), 9).toLowerCase()}0`,
      );
      break;
  }
  return { headers, body: Buffer.from(b64Lines(a.content), 'latin1') };
}

const msgId = {
  outlook: (c: Ctx) => `<${hex(c.r, 6)}01dcab${hex(c.r, 2)}$${hex(c.r, 8)}$${hex(c.r, 8)}$@${c.domain}>`,
  exchange: (c: Ctx, srv: string) => `<${srv}${hex(c.r, 24, true)}@${srv}.eurprd0${1 + Math.floor(c.r() * 8)}.prod.outlook.com>`,
  apple: (c: Ctx) => `<${uuid(c.r)}@${c.domain}>`,
  gmail: (c: Ctx) => `<CA${alnum(c.r, 2)}${b64chars(c.r, 36).replace(/[+/]/g, '_')}${alnum(c.r, 6)}@mail.gmail.com>`,
};

// ---------- Gmail ----------

function gmailHtmlBody(text: string): string {
  const lines = text.split('\n');
  const head = escapeHtml(lines[0] ?? '');
  const rest = lines.slice(1).map((x) => (x ? `<div>${escapeHtml(x)}</div>` : '<div><br></div>'));
  return `<div dir="ltr">${head}${rest.join('')}</div>`;
}

export function gmail(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const label = (m.charsetLabel ?? cs).toUpperCase();
  const nonAscii = !/^[\x00-\x7f]*$/.test(m.text ?? '') || !/^[\x00-\x7f]*$/.test(c.pitch);
  const enc: Cte = m.enc ?? (nonAscii || m.quote !== false ? 'quoted-printable' : '7bit');
  const reply = m.text ?? '';
  const q = m.quote === false ? '' : `\n\n${c.l.gmail}\n\n${quoteLines(c.pitch)}\n`;
  const text = reply + q;
  const attr = escapeHtml(c.l.gmail).replace(escapeHtml(`<${TOM.addr}>`), `&lt;<a href="mailto:${TOM.addr}">${TOM.addr}</a>&gt;`);
  const html =
    gmailHtmlBody(reply) +
    (m.quote === false
      ? ''
      : `<br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${attr}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${gmailHtmlBody(c.pitch)}</blockquote></div>`) +
    '\n';
  const b = () => '000000000000' + hex(c.r, 16);
  const alt: Multi = {
    headers: [],
    boundary: b(),
    parts: [textLeaf(`Content-Type: text/plain; charset="${label}"`, text, cs, enc), textLeaf(`Content-Type: text/html; charset="${label}"`, html, cs, m.htmlEnc ?? enc)],
  };
  alt.headers = [`Content-Type: multipart/alternative; boundary="${alt.boundary}"`];
  let body: Part = m.html === false ? textLeaf(`Content-Type: text/plain; charset="${label}"`, text, cs, enc) : alt;
  if (m.attach?.length) {
    const mixed: Multi = { headers: [], boundary: b(), parts: [body, ...m.attach.map((a) => attachmentPart(a, 'gmail'))] };
    mixed.headers = [`Content-Type: multipart/mixed; boundary="${mixed.boundary}"`];
    body = mixed;
  }
  const st = hs(c, { charset: 'utf-8', mode: 'B', label: 'UTF-8' });
  const top = [
    ...trace(c, { envelope: c.addr, host: 'mail-wr1-f' + (40 + Math.floor(c.r() * 20)) + '.google.com', ip: `209.85.221.${40 + Math.floor(c.r() * 20)}`, dkim: c.domain }),
    `DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;\n        d=${c.domain}; s=google; t=17725${Math.floor(c.r() * 1e5)}; x=17732${Math.floor(c.r() * 1e5)}; darn=northwind.io;\n        h=to:subject:message-id:date:from:in-reply-to:references:mime-version\n         :from:to:cc:subject:date:message-id:reply-to;\n        bh=${b64chars(c.r, 43)}=;\n        b=${b64chars(c.r, 70)}\n         ${b64chars(c.r, 70)}\n         ${b64chars(c.r, 62)}==`,
    `X-Google-Smtp-Source: AGHT+I${b64chars(c.r, 80)}`,
    `X-Received: by 2002:a05:6000:${hex(c.r, 4)}:b0:${hex(c.r, 3)}:${hex(c.r, 4)}:${hex(c.r, 4)} with SMTP id ${alnum(c.r, 20)}.${Math.floor(c.r() * 99)}.1772${Math.floor(c.r() * 1e6)};\n        ${c.date.replace(/\+\d{4}$/, '-0800 (PST)')}`,
    'MIME-Version: 1.0',
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    header('From', address(c.name, c.addr, st)),
    `Date: ${c.date}`,
    `X-Gm-Features: ${b64chars(c.r, 60)}`,
    `Message-ID: ${msgId.gmail(c)}`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    `To: ${TOM.name} <${TOM.addr}>`,
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

// ---------- Outlook desktop ----------

const MSO_STYLE = `<style><!--
/* Font Definitions */
@font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
@font-face
	{font-family:Aptos;}
/* Style Definitions */
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{margin:0cm;
	font-size:12.0pt;
	font-family:"Aptos",sans-serif;
	mso-ligatures:standardcontextual;
	mso-fareast-language:EN-US;}
a:link, span.MsoHyperlink
	{mso-style-priority:99;
	color:#467886;
	text-decoration:underline;}
span.EmailStyle19
	{mso-style-type:personal-reply;
	font-family:"Aptos",sans-serif;
	color:windowtext;}
.MsoChpDefault
	{mso-style-type:export-only;
	font-size:10.0pt;
	mso-ligatures:none;}
@page WordSection1
	{size:612.0pt 792.0pt;
	margin:70.85pt 70.85pt 2.0cm 70.85pt;}
div.WordSection1
	{page:WordSection1;}
--></style><!--[if gte mso 9]><xml>
<o:shapedefaults v:ext="edit" spidmax="1026" />
</xml><![endif]--><!--[if gte mso 9]><xml>
<o:shapelayout v:ext="edit">
<o:idmap v:ext="edit" data="1" />
</o:shapelayout></xml><![endif]-->`;

function msoParas(text: string, lang: string): string {
  return text
    .split('\n')
    .map((x) => (x ? `<p class=MsoNormal><span lang=${lang}>${escapeHtml(x)}<o:p></o:p></span></p>` : `<p class=MsoNormal><span lang=${lang}><o:p>&nbsp;</o:p></span></p>`))
    .join('\n');
}

function outlookBlock(c: Ctx, sep: 'none' | 'original' | 'underscore'): string {
  const o = c.l.ol;
  const to = c.name ? `${c.name} <${c.addr}>` : c.addr;
  const head = sep === 'original' ? `${o.original}\n` : sep === 'underscore' ? '________________________________\n' : '';
  return `${head}${o.from} ${TOM.name} <${TOM.addr}> \n${o.sent} ${o.date}\n${o.to} ${to}\n${o.subject} ${c.pitchSubject}\n\n${c.pitch}`;
}

function outlookHtml(c: Ctx, reply: string, htmlCharset: string, logoCid?: string): string {
  const lang = c.m.lang === 'en' ? 'EN-GB' : c.m.lang.toUpperCase();
  const o = c.l.ol;
  const to = c.name ? `${escapeHtml(c.name)} &lt;${c.addr}&gt;` : c.addr;
  const logo = logoCid
    ? `\n<p class=MsoNormal><span lang=${lang}><img width=120 height=32 style='width:1.25in;height:.3333in' id="Grafik_x0020_1" src="cid:${logoCid}" alt="Logo"><o:p></o:p></span></p>`
    : '';
  const quote =
    c.m.quote === false
      ? ''
      : `\n<p class=MsoNormal><span lang=${lang}><o:p>&nbsp;</o:p></span></p>\n<div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'><p class=MsoNormal><b><span lang=${lang} style='font-size:11.0pt;font-family:"Calibri",sans-serif'>${escapeHtml(o.from)}</span></b><span lang=${lang} style='font-size:11.0pt;font-family:"Calibri",sans-serif'> ${TOM.name} &lt;${TOM.addr}&gt; <br><b>${escapeHtml(o.sent)}</b> ${escapeHtml(o.date)}<br><b>${escapeHtml(o.to)}</b> ${to}<br><b>${escapeHtml(o.subject)}</b> ${escapeHtml(c.pitchSubject)}<o:p></o:p></span></p></div></div>\n<p class=MsoNormal><span lang=${lang}><o:p>&nbsp;</o:p></span></p>\n${msoParas(c.pitch, lang)}`;
  return `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv=Content-Type content="text/html; charset=${htmlCharset}"><meta name=Generator content="Microsoft Word 15 (filtered medium)">${MSO_STYLE}</head><body lang=${lang} link="#467886" vlink="#96607D" style='word-wrap:break-word'><div class=WordSection1>${msoParas(reply, lang)}${logo}${quote}</div></body></html>\n`;
}

/** Outlook for Windows: over SMTP ("----=_NextPart_" boundaries) or through Exchange Online ("_000_"). */
export function outlook(c: Ctx, via: 'smtp' | 'exchange'): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? (via === 'smtp' ? 'windows-1252' : 'iso-8859-1');
  const hcs = m.htmlCharset ?? cs;
  const enc = m.enc ?? 'quoted-printable';
  const reply = m.text ?? '';
  const plain = m.quote === false ? reply : `${reply}\n\n${outlookBlock(c, m.html === false ? 'original' : 'none')}`;
  const id = hex(c.r, 4, true);
  const stamp = `01DCAB${hex(c.r, 2, true)}.${hex(c.r, 8, true)}`;
  const srv = `${['AM9PR04', 'DB9PR10', 'PAXPR08', 'VI1PR03', 'FR4P281'][Math.floor(c.r() * 5)]}MB${Math.floor(1000 + c.r() * 9000)}`;
  const bnd = (n: number) => (via === 'smtp' ? `----=_NextPart_00${n}_${id}_${stamp}` : `_00${n}_${srv}${hex(c.r, 16, true)}${srv.toLowerCase().slice(0, 8)}eurp_`);
  const logo = m.attach?.find((a) => a.cid);
  const files = m.attach?.filter((a) => !a.cid) ?? [];
  const ct = (t: string, label: string) => `Content-Type: ${t};\n\tcharset="${label}"`;
  const textPart = textLeaf(ct('text/plain', m.charsetLabel ?? cs), plain, cs, enc);
  let body: Part;
  if (m.html === false) body = textPart;
  else {
    const htmlPart = textLeaf(ct('text/html', hcs), outlookHtml(c, reply, hcs, logo?.cid), hcs, m.htmlEnc ?? enc);
    const depth = (logo ? 1 : 0) + (files.length ? 1 : 0);
    const alt: Multi = { headers: [], boundary: bnd(depth), parts: [textPart, htmlPart] };
    alt.headers = [`Content-Type: multipart/alternative;\n\tboundary="${alt.boundary}"`];
    body = alt;
    if (logo) {
      const rel: Multi = { headers: [], boundary: bnd(files.length ? 1 : 0), parts: [alt, attachmentPart(logo, 'outlook')] };
      rel.headers = [`Content-Type: multipart/related;\n\tboundary="${rel.boundary}"`];
      body = rel;
    }
  }
  if (files.length) {
    const mixed: Multi = { headers: [], boundary: bnd(0), parts: [body, ...files.map((a) => attachmentPart(a, 'outlook'))] };
    mixed.headers = [`Content-Type: multipart/mixed;\n\tboundary="${mixed.boundary}"`];
    body = mixed;
  }
  if ('parts' in body && via === 'smtp') body.preamble = 'This is a multipart message in MIME format.';
  const st = hs(c, { charset: cs, mode: 'Q' });
  const subject = m.subject ?? `${c.l.outlookRe} ${c.pitchSubject}`;
  const threadIndex = `AQH${b64chars(c.r, 27)}==`;
  const cl = c.m.lang === 'en' ? 'en-gb' : c.m.lang === 'cs' ? 'cs' : c.m.lang;
  let top: string[];
  if (via === 'smtp') {
    top = [
      ...trace(c, { envelope: c.addr, host: `mail.${c.domain}`, ip: `194.25.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
      header('From', address(c.name, c.addr, st, c.name.includes(',')), st),
      `To: "'${TOM.name}'" <${TOM.addr}>`,
      `References: ${c.pitchId}`,
      `In-Reply-To: ${c.pitchId}`,
      subj(c, subject, st),
      `Date: ${c.date}`,
      `Message-ID: ${msgId.outlook(c)}`,
      'MIME-Version: 1.0',
    ];
    body.headers.push('X-Mailer: Microsoft Outlook 16.0', `Thread-Index: ${threadIndex}`, `Content-Language: ${cl}`, ...(m.extra ?? []));
  } else {
    top = [
      ...trace(c, {
        envelope: c.addr,
        host: `mail-${srv.slice(0, 4).toLowerCase()}eur05on20${Math.floor(c.r() * 90 + 10)}.outbound.protection.outlook.com`,
        ip: `40.107.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
        dkim: c.domain,
      }),
      `ARC-Seal: i=1; a=rsa-sha256; s=arcselector10001; d=microsoft.com; cv=none;\n b=${b64chars(c.r, 70)}\n ${b64chars(c.r, 70)}==`,
      header('From', address(c.name, c.addr, st, c.name.includes(',')), st),
      `To: ${TOM.name} <${TOM.addr}>`,
      subj(c, subject, st),
      header('Thread-Topic', c.pitchSubject, st),
      `Thread-Index: ${threadIndex}`,
      `Date: ${c.date}`,
      `Message-ID: ${msgId.exchange(c, srv)}`,
      `References: ${c.pitchId}`,
      `In-Reply-To: ${c.pitchId}`,
      `Accept-Language: ${cl === 'en-gb' ? 'en-GB' : `${cl}-${cl.toUpperCase()}`}, en-US`,
      `Content-Language: ${cl === 'en-gb' ? 'en-GB' : `${cl}-${cl.toUpperCase()}`}`,
      `X-MS-Has-Attach: ${files.length || logo ? 'yes' : ''}`,
      'X-MS-TNEF-Correlator: ',
      'msip_labels: ',
      'x-ms-publictraffictype: Email',
      `x-ms-traffictypediagnostic: ${srv}:EE_|${srv.replace(/..$/, '45')}:EE_`,
      `x-ms-exchange-senderadcheck: 1`,
      ...(m.extra ?? []),
    ];
    body.headers.push('MIME-Version: 1.0');
  }
  return Object.assign(body, { top });
}

// ---------- Outlook on the web, Outlook for iOS ----------

export function owa(c: Ctx, mobile: boolean): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? (mobile ? 'utf-8' : 'iso-8859-1');
  const enc = m.enc ?? (mobile ? 'base64' : 'quoted-printable');
  const reply = m.text ?? '';
  const getOutlook = mobile ? `\n\n${c.l.getOutlook}<https://aka.ms/o0ukef>` : '';
  const plain = m.quote === false ? reply + getOutlook : `${reply}${getOutlook}\n${outlookBlock(c, 'underscore')}`;
  const srv = `${['AM9PR04', 'DB9PR10', 'PAXPR08', 'VI1PR03', 'GV1PR07'][Math.floor(c.r() * 5)]}MB${Math.floor(1000 + c.r() * 9000)}`;
  const o = c.l.ol;
  const to = c.name ? `${escapeHtml(c.name)} &lt;${c.addr}&gt;` : c.addr;
  const lines = reply.split('\n').map((x) => (x ? escapeHtml(x) : '<br>'));
  const div = mobile
    ? lines.map((x) => `<div dir="ltr">${x}</div>`).join('\n') +
      `\n<div dir="ltr"><br></div>\n<div id="ms-outlook-mobile-signature" dir="ltr"><div dir="ltr">${escapeHtml(c.l.getOutlook).replace(/Outlook/, '<a href="https://aka.ms/o0ukef">Outlook')} </a></div></div>`
    : `<div class="elementToProof" style="font-family: Aptos, Aptos_EmbeddedFont, Aptos_MSFontService, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);">\n${lines.join('<br>\n')}</div>`;
  const html =
    `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=${cs}">\n<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style>\n</head>\n<body dir="ltr">\n${div}\n` +
    (m.quote === false
      ? ''
      : `<div id="appendonsend"></div>\n<hr style="display:inline-block;width:98%" tabindex="-1">\n<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000"><b>${escapeHtml(o.from)}</b> ${TOM.name} &lt;${TOM.addr}&gt;<br>\n<b>${escapeHtml(o.sent)}</b> ${escapeHtml(o.date)}<br>\n<b>${escapeHtml(o.to)}</b> ${to}<br>\n<b>${escapeHtml(o.subject)}</b> ${escapeHtml(c.pitchSubject)}</font>\n<div>&nbsp;</div>\n</div>\n<div>${nl2br(c.pitch)}</div>\n`) +
    '</body>\n</html>\n';
  const alt: Multi = { headers: [], boundary: `_000_${srv}${hex(c.r, 16, true)}${srv.toLowerCase().slice(0, 8)}eurp_`, parts: [] };
  alt.parts = [textLeaf(`Content-Type: text/plain; charset="${m.charsetLabel ?? cs}"`, plain, cs, enc), textLeaf(`Content-Type: text/html; charset="${cs}"`, html, cs, m.htmlEnc ?? enc)];
  alt.headers = [`Content-Type: multipart/alternative;\n\tboundary="${alt.boundary}"`, 'MIME-Version: 1.0'];
  let body: Part = alt;
  if (m.html === 'only') body = { ...alt.parts[1]!, headers: [...alt.parts[1]!.headers, 'MIME-Version: 1.0'] };
  const st = hs(c, { charset: 'utf-8', mode: 'B' });
  const cl = c.m.lang === 'en' ? 'en-US' : `${c.m.lang}-${c.m.lang === 'da' ? 'DK' : c.m.lang === 'sv' ? 'SE' : c.m.lang === 'cs' ? 'CZ' : c.m.lang.toUpperCase()}`;
  const top = [
    ...trace(c, {
      envelope: c.addr,
      host: `mail-${srv.slice(0, 4).toLowerCase()}eur05on20${Math.floor(c.r() * 90 + 10)}.outbound.protection.outlook.com`,
      ip: `40.107.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
      dkim: c.domain,
    }),
    header('From', address(c.name, c.addr, st), st),
    `To: ${TOM.name} <${TOM.addr}>`,
    subj(c, m.subject ?? `${mobile ? 'Re:' : c.l.outlookRe} ${c.pitchSubject}`, st),
    header('Thread-Topic', c.pitchSubject, st),
    `Thread-Index: AQH${b64chars(c.r, 27)}==`,
    `Date: ${c.date}`,
    `Message-ID: ${msgId.exchange(c, srv)}`,
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    `Accept-Language: ${cl}, en-US`,
    `Content-Language: ${cl}`,
    'X-MS-Has-Attach: ',
    'X-MS-TNEF-Correlator: ',
    'x-ms-publictraffictype: Email',
    ...(mobile ? [`x-ms-reactions: allow`] : []),
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

// ---------- Apple Mail (macOS) and iPhone ----------

export function apple(c: Ctx, phone: boolean): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const enc = m.enc ?? 'quoted-printable';
  const reply = m.text ?? '';
  const sig = phone ? `\n\n${c.l.iphone}` : '';
  const plain = m.quote === false ? reply + sig : `${reply}${sig}\n\n> ${c.l.apple}\n> \n${quoteLines(c.pitch).replace(/^>$/gm, '> ')}\n`;
  const attr = escapeHtml(c.l.apple);
  const replyHtml = reply.split('\n').map((x) => (x ? escapeHtml(x) : '<br>'));
  const html = phone
    ? `<html><head><meta http-equiv="content-type" content="text/html; charset=${cs}"></head><body dir="auto">${replyHtml.map((x) => `<div dir="ltr">${x}</div>`).join('')}<div dir="ltr"><br id="lineBreakAtBeginningOfSignature"><div dir="ltr">${escapeHtml(c.l.iphone)}</div>` +
      (m.quote === false
        ? '</div>'
        : `<div dir="ltr"><br><blockquote type="cite">${attr}<br><br></blockquote></div></div><blockquote type="cite"><div dir="ltr">${c.pitch
            .split('\n')
            .map((x) => (x ? escapeHtml(x) : ''))
            .join('<br>')}</div></blockquote>`) +
      '</body></html>'
    : `<html aria-label="message body"><head><meta http-equiv="content-type" content="text/html; charset=${cs}"></head><body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">${replyHtml.join('<div>').replace(/<div>/g, '<br>')}<br id="lineBreakAtBeginningOfMessage">` +
      (m.quote === false
        ? ''
        : `<div><br><blockquote type="cite"><div>${attr}</div><br class="Apple-interchange-newline"><div><div>${c.pitch
            .split('\n')
            .map((x) => (x ? escapeHtml(x) : '<br>'))
            .join('</div><div>')}</div></div></blockquote></div><br>`) +
      '</body></html>';
  const id = uuid(c.r);
  const boundary = phone ? `Apple-Mail-${id}` : `Apple-Mail=_${id}`;
  const tct = (t: string) => (phone ? `Content-Type: ${t}; charset=${m.charsetLabel ?? cs}` : `Content-Type: ${t};\n\tcharset=${m.charsetLabel ?? cs}`);
  const alt: Multi = {
    headers: [phone ? `Content-Type: multipart/alternative; boundary=${boundary}` : `Content-Type: multipart/alternative;\n\tboundary="${boundary}"`],
    boundary,
    parts: [textLeaf(tct('text/plain'), plain, cs, enc, true), textLeaf(tct('text/html'), html, cs, m.htmlEnc ?? enc, true)],
  };
  let body: Part = m.html === false ? textLeaf(tct('text/plain'), plain, cs, enc, !phone) : alt;
  if (m.attach?.length) {
    const mb = `Apple-Mail=_${uuid(c.r)}`;
    body = { headers: [`Content-Type: multipart/mixed;\n\tboundary="${mb}"`], boundary: mb, parts: [body, ...m.attach.map((a) => attachmentPart(a, 'apple'))] };
  }
  if (phone && 'parts' in body) body.headers.push('Content-Transfer-Encoding: 7bit');
  const st = hs(c, { charset: 'utf-8', mode: 'Q' });
  const host =
    c.domain === 'icloud.com' || c.domain === 'me.com' ? `p-east3-cluster${Math.floor(c.r() * 9)}-host${Math.floor(c.r() * 12)}-snip4-${Math.floor(c.r() * 9)}.eps.apple.com` : `mail.${c.domain}`;
  const top = [
    ...trace(c, { envelope: c.addr, host, ip: `17.58.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
    ...(phone
      ? [
          ...body.headers.splice(0),
          header('From', address(c.name, c.addr, st), st),
          'Mime-Version: 1.0 (1.0)',
          subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
          `Date: ${c.date}`,
          `Message-Id: <${uuid(c.r)}@${c.domain}>`,
          ...(m.quote === false && !m.subject ? [] : [`References: ${c.pitchId}`, `In-Reply-To: ${c.pitchId}`]),
          `To: ${TOM.name} <${TOM.addr}>`,
          'X-Mailer: iPhone Mail (22D82)',
        ]
      : [
          header('From', address(c.name, c.addr, st), st),
          ...body.headers.splice(0),
          'Mime-Version: 1.0 (Mac OS X Mail 16.0 \\(3826.400.131.1.6\\))',
          subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
          `Date: ${c.date}`,
          `In-Reply-To: ${c.pitchId}`,
          `To: ${TOM.name} <${TOM.addr}>`,
          `References: ${c.pitchId}`,
          `Message-Id: <${uuid(c.r)}@${c.domain}>`,
          'X-Mailer: Apple Mail (2.3826.400.131.1.6)',
        ]),
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

// ---------- Thunderbird, Roundcube (and SAPO Mail, which runs it) ----------

export function flowedClient(c: Ctx, kind: 'thunderbird' | 'roundcube' | 'sapo'): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const ascii = /^[\x00-\x7f]*$/.test((m.text ?? '') + c.pitch);
  const enc = m.enc ?? (ascii ? '7bit' : '8bit');
  const reply = m.text ?? '';
  const rcAttr: Record<string, string> = {
    en: 'On 2026-03-03 08:14, Tom Becker wrote:',
    de: 'Am 2026-03-03 09:14, schrieb Tom Becker:',
    fr: 'Le 2026-03-03 09:14, Tom Becker a écrit :',
    pt: 'Em 2026-03-03 08:14, Tom Becker escreveu:',
    es: 'El 2026-03-03 09:14, Tom Becker escribió:',
    nl: 'Op 2026-03-03 09:14 schreef Tom Becker:',
    it: 'Il 2026-03-03 09:14 Tom Becker ha scritto:',
  };
  const attr = kind === 'thunderbird' ? c.l.thunderbird : (rcAttr[m.lang] ?? rcAttr.en!);
  const q = `${attr}\n${quoteLines(c.pitch)}`;
  const body0 = m.quote === false ? reply : m.bottomPost ? `${q}\n\n${reply}` : `${reply}\n\n${q}`;
  const label = (m.charsetLabel ?? cs).toUpperCase().replace('UTF-8', kind === 'thunderbird' ? 'UTF-8' : 'UTF-8');
  const text = flow(body0) + '\n';
  let body: Part = textLeaf(`Content-Type: text/plain; charset=${label}; format=flowed`, text, cs, enc);
  if (m.attach?.length) {
    const b = `------------${alnum(c.r, 24)}`;
    body = {
      headers: [`Content-Type: multipart/mixed; boundary="${b}"`],
      boundary: b,
      preamble: 'This is a multi-part message in MIME format.',
      parts: [body, ...m.attach.map((a) => attachmentPart(a, 'thunderbird'))],
    };
  }
  const st = hs(c, { charset: 'utf-8', mode: 'Q', label: 'UTF-8' });
  const subject = subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st);
  const from = header('From', address(c.name, c.addr, st), st);
  const host = kind === 'sapo' ? 'smtp.sapo.pt' : `mail.${c.domain}`;
  const tr = trace(c, { envelope: c.addr, host, ip: kind === 'sapo' ? `213.13.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` : `85.13.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` });
  const cl = m.lang === 'en' ? 'en-US' : `${m.lang}-${m.lang === 'da' ? 'DK' : m.lang === 'sv' ? 'SE' : m.lang === 'cs' ? 'CZ' : m.lang.toUpperCase()}`;
  const top =
    kind === 'thunderbird'
      ? [
          ...tr,
          `Message-ID: <${uuid(c.r).toLowerCase()}@${c.domain}>`,
          `Date: ${c.date}`,
          'MIME-Version: 1.0',
          'User-Agent: Mozilla Thunderbird',
          subject,
          `To: ${TOM.name} <${TOM.addr}>`,
          `References: ${c.pitchId}`,
          `Content-Language: ${cl}`,
          from,
          ...(c.company ? [header('Organization', c.company, st)] : []),
          `In-Reply-To: ${c.pitchId}`,
          ...(m.extra ?? []),
        ]
      : [
          ...tr,
          'MIME-Version: 1.0',
          `Date: ${c.date}`,
          from,
          `To: ${TOM.name} <${TOM.addr}>`,
          subject,
          `In-Reply-To: ${c.pitchId}`,
          `References: ${c.pitchId}`,
          'User-Agent: Roundcube Webmail/1.6.9',
          `Message-ID: <${hex(c.r, 32)}@${c.domain}>`,
          `X-Sender: ${c.addr}`,
          ...(m.extra ?? []),
        ];
  return Object.assign(body, { top });
}

// ---------- Yahoo Mail ----------

export function yahoo(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = 'utf-8';
  const enc = m.enc ?? 'quoted-printable';
  const attrs: Record<string, string> = {
    en: 'On Tuesday, 3 March 2026 at 08:14:22 GMT, Tom Becker <tom@northwind.io> wrote:',
    es: 'El martes, 3 de marzo de 2026, 9:14:22 CET, Tom Becker <tom@northwind.io> escribió:',
    fr: 'Le mardi 3 mars 2026 à 09:14:22 UTC+1, Tom Becker <tom@northwind.io> a écrit :',
    it: 'In martedì 3 marzo 2026, 09:14:22 CET, Tom Becker <tom@northwind.io> ha scritto:',
    de: 'Am Dienstag, 3. März 2026 um 09:14:22 MEZ hat Tom Becker <tom@northwind.io> Folgendes geschrieben:',
  };
  const attr = attrs[m.lang] ?? attrs.en!;
  const reply = m.text ?? '';
  const plain = m.quote === false ? reply : `${reply}\n\n    ${attr}  \n \n ${c.pitch.split('\n').join('\n')}\n`;
  const yid = `ydp${hex(c.r, 8)}`;
  const html =
    `<html><head></head><body><div class="${yid}yahoo-style-wrap" style="font-family:Helvetica Neue, Helvetica, Arial, sans-serif;font-size:13px;">${reply
      .split('\n')
      .map((x) => `<div dir="ltr" data-setdir="false">${x ? escapeHtml(x) : '<br>'}</div>`)
      .join('')}</div>` +
    (m.quote === false
      ? ''
      : `<div id="${yid}yahoo_quoted_${Math.floor(c.r() * 1e10)}" class="${yid}yahoo_quoted"><div style="font-family:'Helvetica Neue', Helvetica, Arial, sans-serif;font-size:13px;color:#26282a;"><div>${escapeHtml(attr)}</div><div><br></div><div><br></div><div><div dir="ltr">${nl2br(c.pitch)}</div></div></div></div>`) +
    '</body></html>';
  const b = `----=_Part_${Math.floor(c.r() * 9e6)}_${Math.floor(c.r() * 9e8)}.1772${Math.floor(c.r() * 1e9)}`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative; \n\tboundary="${b}"`],
    boundary: b,
    parts: [textLeaf(`Content-Type: text/plain; charset=UTF-8`, plain, cs, enc), textLeaf(`Content-Type: text/html; charset=UTF-8`, html, cs, enc)],
  };
  const st = hs(c, { charset: 'utf-8', mode: 'Q', label: 'UTF-8' });
  const ms = `${Math.floor(c.r() * 9e8)}.${Math.floor(c.r() * 9e6)}.1772${Math.floor(c.r() * 1e9)}@mail.yahoo.com`;
  const top = [
    ...trace(c, { envelope: c.addr, host: `sonic${Math.floor(c.r() * 400)}-${Math.floor(c.r() * 40)}.consmr.mail.ir2.yahoo.com`, ip: `77.238.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
    `Date: ${c.date.replace(/ \+0000$/, ' +0000 (UTC)')}`,
    header('From', address(c.name, c.addr, st), st),
    header('Reply-To', address(c.name, c.addr, st), st),
    `To: ${TOM.name} <${TOM.addr}>`,
    `Message-ID: <${ms}>`,
    `In-Reply-To: ${c.pitchId}`,
    `References: ${c.pitchId}`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    'MIME-Version: 1.0',
    ...body.headers.splice(0),
    'X-Mailer: WebService/1.1.25157 YMailNorrin',
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

// ---------- Seznam.cz ----------

export function seznam(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const enc = m.enc ?? 'quoted-printable';
  const reply = m.text ?? '';
  const block = `---------- Původní e-mail ----------\nOd: ${TOM.name} <${TOM.addr}>\nKomu: ${c.addr}\nDatum: 3. 3. 2026 9:14:22\nPředmět: ${c.pitchSubject}\n`;
  const plain = m.quote === false ? reply : `${reply}\n\n${block}${c.pitch}\n`;
  const html =
    `<div>${reply
      .split('\n')
      .map((x) => (x ? escapeHtml(x) : '<br>'))
      .join('</div>\n<div>')}</div>` + (m.quote === false ? '' : `\n<div><br></div>\n<div>${nl2br(block)}</div>\n<blockquote data-email="${TOM.addr}">${nl2br(c.pitch)}</blockquote>`);
  const b = `=_${hex(c.r, 32)}=_`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative; boundary="${b}"`],
    boundary: b,
    parts: [textLeaf(`Content-Type: text/plain; charset=${cs}`, plain, cs, enc), textLeaf(`Content-Type: text/html; charset=${cs}`, html, cs, enc)],
  };
  const st = hs(c, { charset: 'utf-8', mode: 'Q' });
  const top = [
    ...trace(c, { envelope: c.addr, host: `mxf${1 + Math.floor(c.r() * 3)}.seznam.cz`, ip: `77.75.78.${Math.floor(c.r() * 250)}` }),
    header('From', address(c.name, c.addr, st), st),
    `To: <${TOM.addr}>`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    `Date: ${c.date}`,
    `Message-Id: <${hex(c.r, 4)}.${hex(c.r, 8)}.${hex(c.r, 8)}@email.seznam.cz>`,
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    'Mime-Version: 1.0 (szn-mime-2.1.61)',
    'X-Mailer: szn-ebox-5.0.229',
    ...body.headers.splice(0),
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

// ---------- Single-part clients given as data: wp.pl, libero.it, The Bat!, Becky!, Active! mail ----------

export function single(c: Ctx, o: { ct: string; text: string; headers: string[]; host: string; ip: string; cte?: Cte; charset?: string }): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? o.charset ?? 'utf-8';
  const enc = o.cte ?? m.enc ?? 'quoted-printable';
  const leaf = textLeaf(o.ct, o.text, cs, enc);
  const top = [...trace(c, { envelope: c.addr, host: o.host, ip: o.ip }), ...o.headers, ...leaf.headers.splice(0), ...(m.extra ?? [])];
  return Object.assign(leaf, { top });
}

export function wp(c: Ctx) {
  const m = c.m;
  const st = hs(c, { charset: 'iso-8859-2', mode: 'Q' });
  const text = m.quote === false ? m.text! : `${m.text}\n\nDnia 3 marca 2026 09:14 Tom Becker <${TOM.addr}> napisał(a):\n\n${quoteLines(c.pitch)}\n`;
  return single(c, {
    ct: `Content-Type: text/plain; charset="${m.charset ?? 'iso-8859-2'}"`,
    charset: 'iso-8859-2',
    text,
    host: `mx${Math.floor(c.r() * 9)}.wp.pl`,
    ip: `212.77.101.${Math.floor(c.r() * 250)}`,
    headers: [
      `Date: ${c.date}`,
      header('From', address(c.name, c.addr, st, true), st),
      `To: "${TOM.name}" <${TOM.addr}>`,
      subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
      `Message-ID: <${hex(c.r, 32)}@wp.pl>`,
      `In-Reply-To: ${c.pitchId}`,
      `References: ${c.pitchId}`,
      'MIME-Version: 1.0',
      `X-WP-MailID: ${hex(c.r, 32)}`,
      'X-WP-AV: skaner antywirusowy Poczty Wirtualnej Polski',
      `X-WP-SPAM: NO 0000000 [E${alnum(c.r, 4)}]`,
    ],
  });
}

export function libero(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const reply = (m.text ?? '')
    .split('\n')
    .map((x) => (x ? escapeHtml(x) : ''))
    .join('<br>');
  const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${cs}"></head><body><p>${reply}</p>${m.quote === false ? '' : `<br><br>----Messaggio originale----<br>Da: ${TOM.addr}<br>Data: 3-mar-2026 9.14<br>A: &lt;${c.addr}&gt;<br>Ogg: ${escapeHtml(c.pitchSubject)}<br><br>${nl2br(c.pitch)}`}</body></html>`;
  const st = hs(c, { charset: 'utf-8', mode: 'Q', label: 'UTF-8' });
  const n = () => Math.floor(c.r() * 9e5 + 1e5);
  return single(c, {
    ct: `Content-Type: text/html;charset="${cs.toUpperCase()}"`,
    text: html,
    host: `smtp-out${Math.floor(c.r() * 40)}.libero.it`,
    ip: `213.209.10.${Math.floor(c.r() * 250)}`,
    headers: [
      `Message-ID: <${n()}.${n()}.17726${n()}${Math.floor(c.r() * 100)}.JavaMail.defaultUser@defaultHost>`,
      `Date: ${c.date} (CET)`,
      header('From', address(c.name, c.addr, st), st),
      `To: <${TOM.addr}>`,
      subj(c, m.subject ?? `R: ${c.pitchSubject}`, st),
      'MIME-Version: 1.0',
      'X-Priority: 3',
      'Importance: Medium',
      `X-Originating-IP: ${93 + Math.floor(c.r() * 50)}.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
      'X-Mailer: Libero Mail',
    ],
  });
}

export function samsung(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = 'utf-8';
  const labels: Record<string, [string, string, string, string, string, string]> = {
    en: ['-------- Original message --------', 'From:', 'Date:', 'To:', 'Subject:', '03/03/2026 08:14 (GMT+00:00)'],
    de: ['-------- Ursprüngliche Nachricht --------', 'Von:', 'Datum:', 'An:', 'Betreff:', '03.03.26 09:14 (GMT+01:00)'],
  };
  const [orig, f, d, t, s, when] = labels[m.lang] ?? labels.en!;
  const reply = m.text ?? '';
  const block = `${orig}\n${f} ${TOM.name} <${TOM.addr}> \n${d} ${when} \n${t} ${c.addr} \n${s} ${c.pitchSubject} \n\n${c.pitch}`;
  const plain = `${reply}\n\n\n${block}\n`;
  const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body dir="auto">${reply
    .split('\n')
    .map((x) => `<div dir="auto">${x ? escapeHtml(x) : '<br>'}</div>`)
    .join(
      '',
    )}<div dir="auto"><br></div><div><br></div><div align="left" dir="auto" style="font-size:100%;color:#000000"><div>${escapeHtml(orig)}</div><div>${escapeHtml(f)} ${TOM.name} &lt;${TOM.addr}&gt; </div><div>${escapeHtml(d)} ${when} </div><div>${escapeHtml(t)} ${c.addr} </div><div>${escapeHtml(s)} ${escapeHtml(c.pitchSubject)} </div><div><br></div></div>${nl2br(c.pitch)}</body></html>`;
  const b = `--_com.samsung.android.email_${Math.floor(c.r() * 9e15)}`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative; boundary="${b}"`],
    boundary: b,
    parts: [textLeaf('Content-Type: text/plain; charset=utf-8', plain, cs, m.enc ?? 'base64'), textLeaf('Content-Type: text/html; charset=utf-8', html, cs, m.enc ?? 'base64')],
  };
  const st = hs(c, { charset: 'utf-8', mode: 'B', label: 'UTF-8' });
  const top = [
    ...trace(c, { envelope: c.addr, host: `mail.${c.domain}`, ip: `62.157.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
    `Date: ${c.date}`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    `In-Reply-To: ${c.pitchId}`,
    'Importance: normal',
    header('From', address(c.name, c.addr, st), st),
    `To: Tom Becker <${TOM.addr}>`,
    `Message-ID: <${hex(c.r, 8)}-${hex(c.r, 4)}-${hex(c.r, 4)}-${hex(c.r, 4)}-${hex(c.r, 12)}@email.android.com>`,
    'MIME-Version: 1.0',
    ...body.headers.splice(0),
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

export { encodeText, CRLF };
