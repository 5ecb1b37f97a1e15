/** One message's bytes from its data: the renderer its client names, plus the few one-off mailers. */
import { address, alnum, b64chars, escapeHtml, header, hex, message, type Multi, type Part } from './mime.ts';
import { TOM } from './locale.ts';
import { apple, context, flowedClient, gmail, hs, libero, outlook, owa, quoteLines, samsung, seznam, single, subj, textLeaf, trace, wp, yahoo, type Ctx } from './clients.ts';
import { exchange2010Ndr, exchangeNdr, exchangeOof, exim, gmailDsn, gmailVacation, ndrSentence, notesOof, postfix, qmail, sendmail, sieveVacation, yahooBounce } from './auto.ts';
import type { Msg, Rendered } from './types.ts';

function theBat(c: Ctx) {
  const m = c.m;
  const text = `Здравствуйте, Tom.\n\nВы писали 3 марта 2026 г., 11:14:22:\n\n${quoteLines(c.pitch, 'TB>').replace(/^TB> /gm, 'TB> ')}\n\n${m.text}\n\n-- \nС уважением,\n ${c.name}                          mailto:${c.addr}\n`;
  const st = hs(c, { charset: 'koi8-r', mode: 'B' });
  return single(c, {
    ct: 'Content-Type: text/plain; charset=koi8-r',
    charset: 'koi8-r',
    text,
    cte: '8bit',
    host: `mx.${c.domain}`,
    ip: `95.213.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
    headers: [
      `Date: ${c.date}`,
      header('From', address(c.name, c.addr, st), st),
      header('Reply-To', address(c.name, c.addr, st), st),
      `Message-ID: <${Math.floor(c.r() * 9e8 + 1e8)}.${m.date.replace(/\D/g, '')}00@${c.domain}>`,
      `To: Tom Becker <${TOM.addr}>`,
      subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
      `In-Reply-To: ${c.pitchId}`,
      `References: ${c.pitchId}`,
      'MIME-Version: 1.0',
      'X-Mailer: The Bat! (v10.4.5) Professional',
      'X-Priority: 3 (Normal)',
    ],
  });
}

function becky(c: Ctx) {
  const m = c.m;
  const text = `${m.text}\n\nOn Tue, 03 Mar 2026 17:14:22 +0900\nTom Becker <${TOM.addr}> wrote:\n\n${quoteLines(c.pitch)}\n`;
  const st = { charset: 'iso-2022-jp', mode: 'B' as const, label: 'ISO-2022-JP' };
  return single(c, {
    ct: 'Content-Type: text/plain; charset="ISO-2022-JP"',
    charset: 'iso-2022-jp',
    text,
    cte: '7bit',
    host: `smtp.${c.domain}`,
    ip: `210.130.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
    headers: [
      `Date: ${c.date}`,
      header('From', address(c.name, c.addr, st), st),
      `To: Tom Becker <${TOM.addr}>`,
      subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
      `In-Reply-To: ${c.pitchId}`,
      `References: ${c.pitchId}`,
      `Message-Id: <${m.date.replace(/\D/g, '').slice(0, 14)}.${hex(c.r, 4, true)}.${hex(c.r, 8, true)}@${c.domain}>`,
      'MIME-Version: 1.0',
      'X-Mailer: Becky! ver. 2.81.07 [ja]',
    ],
  });
}

function activeMail(c: Ctx) {
  const m = c.m;
  const text = `${m.text}\n\n-----Original Message-----\nFrom: Tom Becker <${TOM.addr}>\nTo: ${c.addr}\nDate: Tue, 3 Mar 2026 17:14:22 +0900\nSubject: ${c.pitchSubject}\n\n${quoteLines(c.pitch)}\n`;
  const st = { charset: 'shift_jis', mode: 'B' as const, label: 'Shift_JIS' };
  return single(c, {
    ct: 'Content-Type: text/plain; charset="Shift_JIS"',
    charset: 'shift_jis',
    text,
    cte: 'base64',
    host: `amail.${c.domain}`,
    ip: `133.5.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
    headers: [
      'MIME-Version: 1.0',
      `Date: ${c.date}`,
      header('From', address(c.name, c.addr, st), st),
      `To: ${TOM.addr}`,
      subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
      `Message-ID: <${hex(c.r, 16)}.${hex(c.r, 8)}@amail.${c.domain}>`,
      `In-Reply-To: ${c.pitchId}`,
      `References: ${c.pitchId}`,
      'X-Mailer: Active! mail',
    ],
  });
}

function foxmail(c: Ctx) {
  const m = c.m;
  const cs = 'gb18030';
  const block = `发件人： Tom Becker\n发送时间： 2026-03-03 16:14\n收件人： ${c.name}\n主题： ${c.pitchSubject}\n${c.pitch}`;
  const plain = `${m.text}\n\n\n\n${c.addr}\n \n${block}\n`;
  const html = `<html><head><meta http-equiv="content-type" content="text/html; charset=GB18030"><style>body { line-height: 1.5; }body { font-size: 14px; font-family: "Microsoft YaHei UI"; color: rgb(0, 0, 0); line-height: 1.5; }</style></head><body>\n${(
    m.text ?? ''
  )
    .split('\n')
    .map((x) => `<div>${x ? escapeHtml(x) : '<br>'}</div>`)
    .join(
      '\n',
    )}\n<div><br></div><hr style="width: 210px; height: 1px;" color="#b5c4df" size="1" align="left">\n<div><span>${c.addr}</span></div>\n<blockquote style="margin-Top: 0px; margin-Bottom: 0px; margin-Left: 0.5em; margin-Right: inherit"><div>&nbsp;</div><div style="border:none;border-top:solid #B5C4DF 1.0pt;padding:3.0pt 0cm 0cm 0cm"><div style="PADDING-RIGHT: 8px; PADDING-LEFT: 8px; FONT-SIZE: 12px;FONT-FAMILY:tahoma;COLOR:#000000; BACKGROUND: #efefef; PADDING-BOTTOM: 8px; PADDING-TOP: 8px"><div><b>发件人：</b>&nbsp;Tom Becker</div><div><b>发送时间：</b>&nbsp;2026-03-03&nbsp;16:14</div><div><b>收件人：</b>&nbsp;${escapeHtml(c.name)}</div><div><b>主题：</b>&nbsp;${escapeHtml(c.pitchSubject)}</div></div></div><div>${escapeHtml(c.pitch).replace(/\n/g, '<br>')}</div></blockquote>\n</body></html>`;
  const b = `----=_001_NextPart${Math.floor(c.r() * 9e11 + 1e11)}_=----`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative;\n\tboundary="${b}"`],
    boundary: b,
    preamble: 'This is a multi-part message in MIME format.',
    parts: [textLeaf('Content-Type: text/plain;\n\tcharset="GB18030"', plain, cs, 'base64'), textLeaf('Content-Type: text/html;\n\tcharset="GB18030"', html, cs, 'base64')],
  };
  const st = { charset: cs, mode: 'B' as const, label: 'GB18030' };
  const top = [
    ...trace(c, { envelope: c.addr, host: 'smtpbgsg1.qq.com', ip: `54.254.200.${Math.floor(c.r() * 250)}` }),
    `Date: ${c.date}`,
    header('From', address(c.name, c.addr, st), st),
    `To: "Tom Becker" <${TOM.addr}>`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    'X-Priority: 3',
    `X-GUID: ${hex(c.r, 8, true)}-${hex(c.r, 4, true)}-${hex(c.r, 4, true)}-${hex(c.r, 4, true)}-${hex(c.r, 12, true)}`,
    'X-Has-Attach: no',
    'X-Mailer: Foxmail 7.2.25.254[cn]',
    'Mime-Version: 1.0',
    `Message-ID: <${m.date.replace(/\D/g, '')}${Math.floor(c.r() * 9e7)}@${c.domain}>`,
    ...body.headers.splice(0),
  ];
  return Object.assign(body as Part, { top });
}

/** A home-grown PHP mailer that writes a charset name no registry knows; the bytes are UTF-8. */
function phpmailer(c: Ctx) {
  const m = c.m;
  const text = m.quote === false ? m.text! : `${m.text}\n\n${c.l.gmail}\n${quoteLines(c.pitch)}\n`;
  return single(c, {
    ct: `Content-Type: text/plain; charset="${m.charsetLabel ?? 'x-unknown-foo'}"`,
    text,
    cte: m.enc ?? '8bit',
    host: `web${Math.floor(c.r() * 9)}.${c.domain}`,
    ip: `88.99.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
    headers: [
      `Date: ${c.date}`,
      `To: Tom Becker <${TOM.addr}>`,
      header('From', address(c.name, c.addr, { charset: 'utf-8', mode: 'B', label: 'UTF-8' }), { charset: 'utf-8', mode: 'B' }),
      subj(c, m.subject ?? `Re: ${c.pitchSubject}`, { charset: 'utf-8', mode: 'B', label: 'UTF-8' }),
      `Message-ID: <${alnum(c.r, 32)}@${c.domain}>`,
      `In-Reply-To: ${c.pitchId}`,
      'X-Mailer: PHPMailer 5.2.9 (https://github.com/PHPMailer/PHPMailer/)',
      'MIME-Version: 1.0',
    ],
  });
}

const RENDER: Record<Msg['client'], (c: Ctx) => Part & { top: string[] }> = {
  gmail,
  outlook: (c) => outlook(c, 'smtp'),
  'outlook-365': (c) => outlook(c, 'exchange'),
  owa: (c) => owa(c, false),
  'outlook-ios': (c) => owa(c, true),
  'apple-mail': (c) => apple(c, false),
  iphone: (c) => apple(c, true),
  thunderbird: (c) => flowedClient(c, 'thunderbird'),
  roundcube: (c) => flowedClient(c, 'roundcube'),
  sapo: (c) => flowedClient(c, 'sapo'),
  yahoo,
  seznam,
  wp,
  libero,
  samsung,
  'the-bat': theBat,
  becky,
  'active-mail': activeMail,
  foxmail,
  phpmailer,
  'exchange-oof': exchangeOof,
  'gmail-vacation': gmailVacation,
  'sieve-vacation': sieveVacation,
  'notes-oof': notesOof,
  postfix,
  exim: (c) => exim(c, false),
  'exim-legacy': (c) => exim(c, true),
  'exchange-ndr': exchangeNdr,
  'exchange-2010-ndr': exchange2010Ndr,
  'gmail-dsn': gmailDsn,
  sendmail,
  qmail,
  'yahoo-bounce': yahooBounce,
};

const DEFAULT_CHARSET: Partial<Record<Msg['client'], string>> = {
  outlook: 'windows-1252',
  'outlook-365': 'iso-8859-1',
  owa: 'iso-8859-1',
  wp: 'iso-8859-2',
  'notes-oof': 'iso-8859-1',
  'the-bat': 'koi8-r',
  becky: 'iso-2022-jp',
  'active-mail': 'shift_jis',
  foxmail: 'gb18030',
};

export function render(m: Msg): Rendered & { subject?: string; fromName: string; autoExpect?: string } {
  const c = context(m);
  const part = RENDER[m.client](c);
  const bytes = message(part.top, part);
  const isBounce = m.label === 'Bounce';
  const leafEnc = (p: Part): string =>
    'body' in p
      ? (p.headers
          .find((h) => /^content-transfer-encoding/i.test(h))
          ?.split(':')[1]
          ?.trim() ?? '7bit')
      : leafEnc(p.parts[0]!);
  const top = part.top
    .find((h) => /^Content-Transfer-Encoding/i.test(h))
    ?.split(':')[1]
    ?.trim();
  const subjectLine = part.top.find((h) => h.startsWith('Subject: '));
  const charset = m.charsetLabel
    ? `${m.charsetLabel} (bytes ${m.charset ?? 'utf-8'})`
    : (m.charset ?? DEFAULT_CHARSET[m.client] ?? (isBounce ? (m.client === 'exchange-2010-ndr' ? 'iso-8859-1' : m.client.startsWith('exchange') ? 'utf-8' : 'us-ascii') : 'utf-8'));
  let autoExpect: string | undefined;
  if (isBounce) {
    autoExpect = {
      postfix: "I'm sorry to have to inform you that your message could not",
      exim: 'This is a permanent error. The following address(es) failed:',
      'exim-legacy': 'This is a permanent error. The following address(es) failed:',
      'exchange-ndr': ndrSentence(c),
      'exchange-2010-ndr': (m.ndrLang ?? m.lang) === 'de' ? 'Die eingegebene E-Mail-Adresse wurde nicht gefunden.' : "The e-mail address you entered couldn't be found.",
      'gmail-dsn': `Your message wasn't delivered to ${c.addr} because the address couldn't be found`,
      sendmail: 'The following addresses had permanent fatal errors',
      qmail: "I'm afraid I wasn't able to deliver your message to the following addresses.",
      'yahoo-bounce': 'Sorry, we were unable to deliver your message to the following address.',
    }[m.client as string];
  }
  return {
    bytes,
    charset,
    encoding: part && 'body' in part ? (top ?? leafEnc(part)) : leafEnc(part),
    failed: isBounce ? c.addr : undefined,
    attachments: m.attach?.filter((a) => !a.cid).map((a) => a.filename),
    subject: c.meta.subject ?? subjectLine?.slice(9),
    fromName: c.name,
    autoExpect,
  };
}

export { b64chars };
