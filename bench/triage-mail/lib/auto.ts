/**
 * Automatic mail: out-of-office replies (Exchange, Gmail's vacation responder, Sieve vacation,
 * HCL Notes) and delivery failure reports as the common MTAs write them.
 */
import { CRLF, address, alnum, b64Lines, b64chars, encodeBody, escapeHtml, header, hex, rfcDate, type Leaf, type Multi, type Part } from './mime.ts';
import { LOCALES, TOM, type Lang } from './locale.ts';
import { hs, nl2br, subj, textLeaf, trace, type Ctx } from './clients.ts';

const raw = (headers: string[], text: string): Leaf => ({ headers, body: Buffer.from(text.replace(/\r?\n/g, CRLF), 'utf8') });
const uuid = (r: () => number) => `${hex(r, 8)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 4)}-${hex(r, 12)}`;
const threadIndex = (c: Ctx) => `AQH${b64chars(c.r, 27)}==`;

// ---------- Out of office ----------

export function exchangeOof(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const enc = m.enc ?? 'base64';
  const text = m.text ?? '';
  const html = `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=${cs}">\n<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style>\n</head>\n<body dir="ltr">\n<div style="font-family: Aptos, Aptos_EmbeddedFont, Aptos_MSFontService, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);">\n${text
    .split('\n')
    .map((x) => (x ? escapeHtml(x) : '<br>'))
    .join('<br>\n')}</div>\n</body>\n</html>\n`;
  const srv = `${['AM9PR04', 'DB9PR10', 'PAXPR08', 'FR3P281'][Math.floor(c.r() * 4)]}MB${Math.floor(1000 + c.r() * 9000)}`;
  const b = `_000_${srv}${hex(c.r, 16, true)}${srv.toLowerCase().slice(0, 8)}eurp_`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative;\n\tboundary="${b}"`, 'MIME-Version: 1.0'],
    boundary: b,
    parts: [textLeaf(`Content-Type: text/plain; charset="${cs}"`, text, cs, enc), textLeaf(`Content-Type: text/html; charset="${cs}"`, html, cs, enc)],
  };
  const st = hs(c, { charset: 'utf-8', mode: 'B' });
  const lang = m.lang === 'en' ? 'en-GB' : `${m.lang}-${m.lang === 'da' ? 'DK' : m.lang === 'sv' ? 'SE' : m.lang === 'cs' ? 'CZ' : m.lang.toUpperCase()}`;
  const top = [
    ...trace(c, {
      envelope: m.nullSender ? '' : c.addr,
      host: `mail-${srv.slice(0, 4).toLowerCase()}eur05on20${Math.floor(c.r() * 90 + 10)}.outbound.protection.outlook.com`,
      ip: `40.107.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}`,
      dkim: m.nullSender ? undefined : c.domain,
    }),
    header('From', address(c.name, c.addr, st), st),
    `To: ${TOM.name} <${TOM.addr}>`,
    subj(c, m.subject ?? `${c.l.oof} ${c.pitchSubject}`, st),
    header('Thread-Topic', c.pitchSubject, st),
    `Thread-Index: ${threadIndex(c)}`,
    `Date: ${c.date}`,
    `Message-ID: <${hex(c.r, 8)}${hex(c.r, 4)}${hex(c.r, 20)}@${srv}.eurprd0${1 + Math.floor(c.r() * 8)}.prod.outlook.com>`,
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    `Accept-Language: ${lang}, en-US`,
    `Content-Language: ${lang}`,
    'X-MS-Has-Attach: ',
    'X-MS-Exchange-Organization-SCL: -1',
    'X-MS-TNEF-Correlator: ',
    `X-MS-Exchange-Inbox-Rules-Loop: ${c.addr}`,
    'X-Auto-Response-Suppress: All',
    'Auto-Submitted: auto-generated',
    'x-ms-exchange-transport-fromentityheader: Hosted',
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

export function gmailVacation(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const text = m.text ?? '';
  const enc = m.enc ?? 'quoted-printable';
  const b = '000000000000' + hex(c.r, 16);
  const html = `<div dir="ltr">${text
    .split('\n')
    .map((x) => (x ? escapeHtml(x) : '<br>'))
    .join('<br>')}</div>\n`;
  const body: Multi = {
    headers: [`Content-Type: multipart/alternative; boundary="${b}"`],
    boundary: b,
    parts: [textLeaf('Content-Type: text/plain; charset="UTF-8"', text, 'utf-8', enc), textLeaf('Content-Type: text/html; charset="UTF-8"', html, 'utf-8', enc)],
  };
  const st = hs(c, { charset: 'utf-8', mode: 'B', label: 'UTF-8' });
  const top = [
    ...trace(c, { envelope: c.addr, host: `mail-sor-f${40 + Math.floor(c.r() * 30)}.google.com`, ip: `209.85.220.${40 + Math.floor(c.r() * 30)}`, dkim: c.domain }),
    'MIME-Version: 1.0',
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    'Auto-Submitted: auto-replied',
    header('From', address(c.name, c.addr, st), st),
    `Date: ${c.date}`,
    `Message-ID: <CA${alnum(c.r, 42)}@mail.gmail.com>`,
    subj(c, m.subject ?? `Re: ${c.pitchSubject}`, st),
    `To: ${TOM.name} <${TOM.addr}>`,
    ...(m.extra ?? []),
  ];
  return Object.assign(body, { top });
}

export function sieveVacation(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'utf-8';
  const leaf = textLeaf(`Content-Type: text/plain; charset=${cs}`, m.text ?? '', cs, m.enc ?? '8bit');
  const st = hs(c, { charset: cs, mode: 'Q' });
  const ts = 1772600000 + Math.floor(c.r() * 600000);
  const top = [
    ...trace(c, { envelope: '', host: `mail.${c.domain}`, ip: `91.198.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
    'X-Sieve: Pigeonhole Sieve 0.5.21 (f6cd4b8e)',
    `Message-ID: <dovecot-sieve-${ts}-${Math.floor(c.r() * 9e5)}-0@mail.${c.domain}>`,
    `Date: ${c.date}`,
    header('From', address(c.name, c.addr, st), st),
    `To: <${TOM.addr}>`,
    subj(c, m.subject ?? `Automatic response to: ${c.pitchSubject}`, { charset: 'utf-8', mode: 'Q' }),
    `In-Reply-To: ${c.pitchId}`,
    `References: ${c.pitchId}`,
    'Auto-Submitted: auto-replied (vacation)',
    'Precedence: bulk',
    'MIME-Version: 1.0',
    ...leaf.headers.splice(0),
    ...(m.extra ?? []),
  ];
  return Object.assign(leaf, { top });
}

export function notesOof(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const cs = m.charset ?? 'iso-8859-1';
  const leaf = textLeaf(`Content-type: text/plain; charset=${cs.toUpperCase()}`, m.text ?? '', cs, m.enc ?? 'quoted-printable');
  const st = hs(c, { charset: cs, mode: 'Q', label: cs.toUpperCase() });
  const org = c.company.replace(/\s+/g, '');
  const when =
    m.lang === 'de'
      ? `${m.date.slice(8, 10)}.${m.date.slice(5, 7)}.${m.date.slice(0, 4)} ${m.date.slice(11, 16)}:33`
      : `${m.date.slice(5, 7)}/${m.date.slice(8, 10)}/${m.date.slice(0, 4)} ${m.date.slice(11, 16)}:33`;
  const id = `OF${hex(c.r, 8, true)}.${hex(c.r, 8, true)}-ONC1258C${hex(c.r, 2, true)}.${hex(c.r, 8, true)}-C1258C${hex(c.r, 2, true)}.${hex(c.r, 8, true)}`;
  const top = [
    ...trace(c, { envelope: c.addr, host: `notes-smtp.${c.domain}`, ip: `193.17.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` }),
    'Auto-Submitted: auto-generated',
    subj(c, m.subject ?? `${m.lang === 'de' ? 'Abwesenheitsnotiz' : 'Out of Office'}: ${c.pitchSubject}`, st),
    `To: ${TOM.addr}`,
    `From: ${address(c.name, c.addr, st)}`,
    `Message-ID: <${id}@${c.domain}>`,
    `Date: ${c.date}`,
    'X-Mailer: HCL Notes Release 12.0.2FP4 July 18, 2024',
    `X-MIMETrack: Serialize by Router on MAIL01/${org}(Release 12.0.2FP4|July 18, 2024) at\n ${when}`,
    'MIME-Version: 1.0',
    ...leaf.headers.splice(0),
    ...(m.extra ?? []),
  ];
  return Object.assign(leaf, { top });
}

// ---------- Bounces ----------

/** The outreach as it left Tom's mailbox, to be returned in a bounce. */
export function originalMessage(c: Ctx, headersOnly = false): string {
  const st = { charset: 'utf-8', mode: 'B' as const, label: 'UTF-8' };
  const h = [
    'MIME-Version: 1.0',
    `From: ${TOM.name} <${TOM.addr}>`,
    `Date: ${c.pitchDate}`,
    `Message-ID: ${c.pitchId}`,
    header('Subject', c.pitchSubject, st),
    header('To', address(c.name, c.addr, st), st),
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
  ].join(CRLF);
  if (headersOnly) return h + CRLF;
  return h + CRLF + CRLF + encodeBody(c.pitch + '\n', 'utf-8', 'quoted-printable').toString('latin1') + CRLF;
}

function report(c: Ctx, boundary: string, parts: Part[], ctStyle: 'postfix' | 'plain' = 'plain'): Multi {
  const ct =
    ctStyle === 'postfix'
      ? `Content-Type: multipart/report; report-type=delivery-status;\n\tboundary="${boundary}"`
      : `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`;
  return { headers: [ct], boundary, parts };
}

const rfc822 = (c: Ctx, desc?: string): Leaf => ({ headers: [...(desc ? [`Content-Description: ${desc}`] : []), 'Content-Type: message/rfc822'], body: Buffer.from(originalMessage(c), 'latin1') });

function mtaTrace(c: Ctx, host: string): string[] {
  return trace(c, { envelope: '', host, ip: `${80 + Math.floor(c.r() * 100)}.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}` });
}

export function postfix(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const host = m.remote ?? `mx1.${c.domain}`;
  const qid = hex(c.r, 10, true);
  const ts = 1772600000 + Math.floor(c.r() * 600000);
  const b = `${qid}.${ts}/${host}`;
  const diag =
    m.diag ??
    `host mail.${c.domain}[10.0.${Math.floor(c.r() * 20)}.${Math.floor(c.r() * 250)}] said: 550 5.1.1\n    <${c.addr}>: Recipient address rejected: User unknown in virtual\n    mailbox table (in reply to RCPT TO command)`;
  const notice = `This is the mail system at host ${host}.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients. It's attached below.\n\nFor further assistance, please send mail to postmaster.\n\nIf you do so, please include this problem report. You can\ndelete your own text from the attached returned message.\n\n                   The mail system\n\n<${c.addr}>: ${diag}\n`;
  const code = /(\d\.\d\.\d+)/.exec(diag)?.[1] ?? '5.1.1';
  const dsn = `Reporting-MTA: dns; ${host}\nX-Postfix-Queue-ID: ${qid}\nX-Postfix-Sender: rfc822; ${TOM.addr}\nArrival-Date: ${c.pitchDate}\n\nFinal-Recipient: rfc822; ${c.addr}\nOriginal-Recipient: rfc822;${c.addr}\nAction: failed\nStatus: ${code}\nRemote-MTA: dns; mail.${c.domain}\nDiagnostic-Code: smtp; ${diag
    .replace(/^host \S+ said: /, '')
    .replace(/\n    /g, ' ')
    .replace(/ \(in reply to.*$/, '')}\n`;
  const body = report(
    c,
    b,
    [
      raw(['Content-Description: Notification', 'Content-Type: text/plain; charset=us-ascii'], notice),
      raw(['Content-Description: Delivery report', 'Content-Type: message/delivery-status'], dsn),
      rfc822(c, 'Undelivered Message'),
    ],
    'postfix',
  );
  body.preamble = 'This is a MIME-encapsulated message.';
  const top = [
    ...mtaTrace(c, host),
    `Date: ${c.date}`,
    `From: MAILER-DAEMON@${host} (Mail Delivery System)`,
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${TOM.addr}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    ...body.headers.splice(0),
    'Content-Transfer-Encoding: 8bit',
    `Message-Id: <${ts - 1772000000 + 20260300000000}.${qid}@${host}>`,
  ];
  return Object.assign(body, { top });
}

export function exim(c: Ctx, legacy: boolean): Part & { top: string[] } {
  const m = c.m;
  const host = m.remote ?? `mail.${c.domain}`;
  const diag =
    m.diag ??
    `host mx.${c.domain} [185.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}]\n    SMTP error from remote mail server after RCPT TO:<${c.addr}>:\n    550 5.1.1 <${c.addr}>: Recipient address rejected: User unknown`;
  const intro = `This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n  ${c.addr}\n    ${diag}\n`;
  const id = `1w${alnum(c.r, 4)}-000${alnum(c.r, 3)}-${alnum(c.r, 2)}`;
  const common = [
    ...mtaTrace(c, host),
    `X-Failed-Recipients: ${c.addr}`,
    'Auto-Submitted: auto-replied',
    `From: Mail Delivery System <Mailer-Daemon@${host}>`,
    `To: ${TOM.addr}`,
    `References: ${c.pitchId}`,
    'Subject: Mail delivery failed: returning message to sender',
    `Message-Id: <E${id}@${host}>`,
    `Date: ${c.date}`,
  ];
  if (legacy) {
    const leaf = raw(
      ['Content-Type: text/plain; charset=us-ascii'],
      `${intro}\n------ This is a copy of the message, including all the headers. ------\n\n${originalMessage(c).replace(/\r\n/g, '\n')}`,
    );
    return Object.assign(leaf, { top: [...common, ...leaf.headers.splice(0)] });
  }
  const ts = 1772600000 + Math.floor(c.r() * 600000);
  const b = `${ts}-eximdsn-${Math.floor(c.r() * 2e9)}`;
  const dsn = `Reporting-MTA: dns; ${host}\n\nAction: failed\nFinal-Recipient: rfc822;${c.addr}\nStatus: 5.0.0\nRemote-MTA: dns; mx.${c.domain}\nDiagnostic-Code: smtp; 550 5.1.1 <${c.addr}>: Recipient address rejected: User unknown\n`;
  const body = report(c, b, [
    raw(['Content-type: text/plain; charset=us-ascii'], intro),
    raw(['Content-type: message/delivery-status'], dsn),
    raw(['Content-type: message/rfc822'], originalMessage(c)),
  ]);
  body.headers.push('MIME-Version: 1.0');
  body.preamble = '';
  return Object.assign(body, { top: [...common, ...body.headers.splice(0)] });
}

const NDR: Partial<Record<Lang, { subject: string; l1: string; l2: string; fixTitle: string; fix: string; diag: string; gen: string; orig: string; lang: string }>> = {
  en: {
    subject: 'Undeliverable:',
    l1: "Your message to {addr} couldn't be delivered.",
    l2: "{local} wasn't found at {domain}.",
    fixTitle: 'How to Fix It',
    fix: 'The address may be misspelled or may not exist. Try one or more of the following:',
    diag: 'Diagnostic information for administrators:',
    gen: 'Generating server:',
    orig: 'Original message headers:',
    lang: 'en-US',
  },
  fr: {
    subject: 'Non remis :',
    l1: 'Votre message à {addr} n’a pas pu être remis.',
    l2: '{local} est introuvable sur {domain}.',
    fixTitle: 'Comment résoudre ce problème',
    fix: 'L’adresse est peut-être mal orthographiée ou n’existe pas. Essayez une ou plusieurs des solutions suivantes :',
    diag: 'Informations de diagnostic pour les administrateurs :',
    gen: 'Serveur de génération :',
    orig: 'En-têtes de message d’origine :',
    lang: 'fr-FR',
  },
  it: {
    subject: 'Non recapitabile:',
    l1: 'Impossibile recapitare il messaggio a {addr}.',
    l2: '{local} non è stato trovato in {domain}.',
    fixTitle: 'Come risolvere il problema',
    fix: 'L’indirizzo potrebbe contenere errori di ortografia o non esistere. Provare una o più delle soluzioni seguenti:',
    diag: 'Informazioni di diagnostica per gli amministratori:',
    gen: 'Server di generazione:',
    orig: 'Intestazioni del messaggio originale:',
    lang: 'it-IT',
  },
  pl: {
    subject: 'Niedostarczalne:',
    l1: 'Nie można dostarczyć wiadomości do adresata {addr}.',
    l2: 'Nie znaleziono adresata {local} w domenie {domain}.',
    fixTitle: 'Jak rozwiązać ten problem',
    fix: 'Adres może zawierać błąd pisowni lub nie istnieć. Wypróbuj co najmniej jedno z następujących rozwiązań:',
    diag: 'Informacje diagnostyczne dla administratorów:',
    gen: 'Serwer generujący:',
    orig: 'Oryginalne nagłówki wiadomości:',
    lang: 'pl-PL',
  },
  es: {
    subject: 'No se puede entregar:',
    l1: 'No se pudo entregar su mensaje a {addr}.',
    l2: 'No se encontró a {local} en {domain}.',
    fixTitle: 'Cómo solucionarlo',
    fix: 'Puede que la dirección esté mal escrita o que no exista. Pruebe una o varias de las siguientes opciones:',
    diag: 'Información de diagnóstico para administradores:',
    gen: 'Servidor de generación:',
    orig: 'Encabezados del mensaje original:',
    lang: 'es-ES',
  },
  fi: {
    subject: 'Ei voitu toimittaa:',
    l1: 'Viestiäsi vastaanottajalle {addr} ei voitu toimittaa.',
    l2: 'Vastaanottajaa {local} ei löytynyt toimialueesta {domain}.',
    fixTitle: 'Näin korjaat ongelman',
    fix: 'Osoite saattaa olla kirjoitettu väärin, tai sitä ei ole olemassa. Kokeile yhtä tai useampaa seuraavista:',
    diag: 'Järjestelmänvalvojien diagnostiikkatiedot:',
    gen: 'Luova palvelin:',
    orig: 'Alkuperäisen viestin otsikot:',
    lang: 'fi-FI',
  },
  nl: {
    subject: 'Onbestelbaar:',
    l1: 'Uw bericht aan {addr} kan niet worden bezorgd.',
    l2: '{local} is niet gevonden op {domain}.',
    fixTitle: 'Het probleem oplossen',
    fix: 'Het adres is mogelijk verkeerd gespeld of bestaat niet. Probeer een of meer van de volgende oplossingen:',
    diag: 'Diagnostische gegevens voor beheerders:',
    gen: 'Server die het bericht heeft gegenereerd:',
    orig: 'Oorspronkelijke berichtkoppen:',
    lang: 'nl-NL',
  },
};

export function ndrSentence(c: Ctx): string {
  const t = NDR[c.m.ndrLang ?? c.m.lang] ?? NDR.en!;
  return t.l1.replace('{addr}', c.addr);
}

export function exchangeNdr(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const t = NDR[m.ndrLang ?? m.lang] ?? NDR.en!;
  const server = `${['AM9PR04', 'DB9PR10', 'PAXPR08', 'FR3P281'][Math.floor(c.r() * 4)]}MB${Math.floor(1000 + c.r() * 9000)}.eurprd04.prod.outlook.com`;
  const l1 = t.l1.replace('{addr}', c.addr);
  const l2 = t.l2.replace('{local}', c.local).replace('{domain}', c.domain);
  const remote = `Remote server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'`;
  const origHeaders = originalMessage(c, true).replace(/\r\n/g, '\n');
  const text = `${l1}\n\n${l2}\n\n${t.fixTitle}\n${t.fix}\n\n\n${t.diag}\n\n${t.gen} ${server}\n${c.addr}\n${remote}\n\n${t.orig}\n\n${origHeaders}`;
  const html = `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n</head>\n<body>\n<div style="font-family:'Segoe UI',Frutiger,Arial,sans-serif;font-size:16px;"><p style="font-size:16px;">${escapeHtml(l1)}</p><p style="font-size:16px;"><b>${escapeHtml(l2)}</b></p><br><p><b style="font-size:20px;">${escapeHtml(t.fixTitle)}</b></p><p style="font-size:16px;">${escapeHtml(t.fix)}</p><br><br><p style="color:gray;font-size:14px;"><b>${escapeHtml(t.diag)}</b></p><p style="color:gray;font-size:14px;">${escapeHtml(t.gen)} ${server}<br><br>${c.addr}<br>${escapeHtml(remote)}</p><p style="color:gray;font-size:14px;">${escapeHtml(t.orig)}</p><pre style="color:gray;font-size:11px;">${escapeHtml(origHeaders)}</pre></div>\n</body>\n</html>\n`;
  const ab = `_${uuid(c.r)}_`;
  const alt: Multi = {
    headers: [`Content-Type: multipart/alternative; differences=Content-Type;\n\tboundary="${ab}"`],
    boundary: ab,
    parts: [textLeaf('Content-Type: text/plain; charset="utf-8"', text, 'utf-8', 'quoted-printable'), textLeaf('Content-Type: text/html; charset="utf-8"', html, 'utf-8', 'quoted-printable')],
  };
  const dsn = `Reporting-MTA: dns;${server}\nReceived-From-MTA: dns;mail-wr1-f41.google.com\nArrival-Date: ${c.pitchDate}\n\nFinal-Recipient: rfc822;${c.addr}\nAction: failed\nStatus: 5.1.10\nDiagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup\n`;
  const b = `_${uuid(c.r)}_`;
  const body = report(c, b, [alt, raw(['Content-Type: message/delivery-status'], dsn), raw(['Content-Type: text/rfc822-headers'], originalMessage(c, true))]);
  const st = { charset: 'utf-8', mode: 'B' as const };
  const top = [
    ...mtaTrace(c, `mail-${server.slice(0, 4).toLowerCase()}eur05on2071.outbound.protection.outlook.com`),
    `From: Microsoft Outlook <postmaster@${c.domain}>`,
    `To: <${TOM.addr}>`,
    `Date: ${c.date}`,
    ...body.headers.splice(0),
    'X-MS-Exchange-Message-Is-Ndr: ',
    `Content-Language: ${t.lang}`,
    `Message-ID: <${uuid(c.r)}@${server}>`,
    `In-Reply-To: ${c.pitchId}`,
    `References: ${c.pitchId}`,
    header('Thread-Topic', c.pitchSubject, st),
    `Thread-Index: ${threadIndex(c)}`,
    subj(c, `${t.subject} ${c.pitchSubject}`, st),
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
  ];
  return Object.assign(body, { top });
}

/** Exchange 2010 on premises, German: "Die Nachricht konnte an folgende Empfänger … nicht übermittelt werden". */
export function exchange2010Ndr(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const de = (m.ndrLang ?? m.lang) === 'de';
  const server = `EXCH${String(1 + Math.floor(c.r() * 3)).padStart(2, '0')}.${c.domain.split('.')[0]}.local`;
  const who = c.name ? `${c.name} (${c.addr})` : c.addr;
  const text = de
    ? `Die Nachricht konnte an folgende Empfänger oder Gruppen nicht übermittelt werden:\n\n${who}\nDie eingegebene E-Mail-Adresse wurde nicht gefunden. Überprüfen Sie die E-Mail-Adresse des Empfängers, und versuchen Sie erneut, die Nachricht zu senden. Wenden Sie sich an Ihr Helpdesk, falls das Problem weiterhin besteht.\n\n\n\n\n\n\nDiagnoseinformationen für Administratoren:\n\nGenerierender Server: ${server}\n\n${c.addr}\n#550 5.1.1 RESOLVER.ADR.RecipNotFound; not found ##\n\nUrsprüngliche Nachrichtenkopfzeilen:\n\n${originalMessage(c, true).replace(/\r\n/g, '\n')}`
    : `Delivery has failed to these recipients or groups:\n\n${who}\nThe e-mail address you entered couldn't be found. Please check the recipient's e-mail address and try to resend the message. If the problem continues, please contact your helpdesk.\n\n\n\n\n\n\nDiagnostic information for administrators:\n\nGenerating server: ${server}\n\n${c.addr}\n#550 5.1.1 RESOLVER.ADR.RecipNotFound; not found ##\n\nOriginal message headers:\n\n${originalMessage(c, true).replace(/\r\n/g, '\n')}`;
  const html = `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">\n</head>\n<body>\n<p><b><font color="#000066" size="3" face="Arial">${escapeHtml(text.split('\n')[0]!)}</font></b></p>\n<font color="#000000" size="2" face="Tahoma"><p><a href="mailto:${c.addr}">${escapeHtml(who)}</a><br>\n${escapeHtml(text.split('\n')[3]!)}<br>\n</p></font>\n<pre>${escapeHtml(text.split('\n').slice(10).join('\n'))}</pre>\n</body>\n</html>\n`;
  const ab = `_000_${hex(c.r, 32)}_`;
  const alt: Multi = {
    headers: [`Content-Type: multipart/alternative;\n\tboundary="${ab}"`],
    boundary: ab,
    parts: [
      textLeaf('Content-Type: text/plain; charset="iso-8859-1"', text, 'iso-8859-1', 'quoted-printable'),
      textLeaf('Content-Type: text/html; charset="iso-8859-1"', html, 'iso-8859-1', 'quoted-printable'),
    ],
  };
  const dsn = `Reporting-MTA: dns;${server}\nReceived-From-MTA: dns;mail-wr1-f41.google.com\nArrival-Date: ${c.pitchDate}\n\nFinal-Recipient: rfc822;${c.addr}\nAction: failed\nStatus: 5.1.1\nX-Display-Name: ${c.name || c.addr}\n`;
  const b = `_${hex(c.r, 32)}_`;
  const body = report(c, b, [alt, raw(['Content-Type: message/delivery-status'], dsn), raw(['Content-Type: text/rfc822-headers'], originalMessage(c, true))]);
  const st = { charset: 'iso-8859-1', mode: 'Q' as const };
  const top = [
    ...mtaTrace(c, `mail.${c.domain}`),
    `From: postmaster@${c.domain}`,
    `To: ${TOM.addr}`,
    `Date: ${c.date}`,
    ...body.headers.splice(0),
    'X-MS-Exchange-Message-Is-Ndr: ',
    `Content-Language: ${de ? 'de-DE' : 'en-US'}`,
    `Message-ID: <${hex(c.r, 8)}-${hex(c.r, 4)}-${hex(c.r, 4)}@${server}>`,
    `In-Reply-To: ${c.pitchId}`,
    subj(c, `${de ? 'Unzustellbar:' : 'Undeliverable:'} ${c.pitchSubject}`, st),
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
  ];
  return Object.assign(body, { top });
}

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function gmailDsn(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const google = c.domain === 'gmail.com' || m.remote === 'google';
  const response = google
    ? `550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser ${alnum(c.r, 16).toLowerCase()}.${Math.floor(c.r() * 900)} - gsmtp`
    : (m.diag ?? `550 5.1.1 <${c.addr}>: Recipient address rejected: User unknown in virtual mailbox table`);
  const text = `\n** Address not found **\n\nYour message wasn't delivered to ${c.addr} because the address couldn't be found, or is unable to receive mail.\n\nLearn more here: https://support.google.com/mail/?p=NoSuchUser\n\nThe response ${google ? 'was' : 'from the remote server was'}:\n${response}\n`;
  const html = `\n<html>\n<head>\n<style>\n* {\nfont-family:Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif;\n}\n</style>\n</head>\n<body>\n<table cellpadding="0" cellspacing="0" class="email-wrapper" style="padding-top:32px;background-color:#ffffff;"><tbody>\n<tr><td>\n<table cellpadding=0 cellspacing=0><tbody>\n<tr><td style="max-width:560px;padding:24px 24px 32px;background-color:#fafafa;border:1px solid #e0e0e0;border-radius:2px">\n<img style="padding:0 24px 16px 0;float:left" width=72 height=72 alt="Error Icon" src="cid:icon.png">\n<table style="min-width:272px;padding-top:8px"><tbody>\n<tr><td><h2 style="font-size:20px;color:#212121;font-weight:bold;margin:0">\nAddress not found\n</h2></td></tr>\n<tr><td style="padding-top:20px;color:#757575;font-size:16px;font-weight:normal;text-align:left">\nYour message wasn't delivered to <a style='color:#212121;text-decoration:none'><b>${c.addr}</b></a> because the address couldn't be found, or is unable to receive mail.\n</td></tr>\n<tr><td style="padding-top:24px;color:#4285F4;font-size:14px;font-weight:bold;text-align:left">\n<a style="text-decoration:none" href="https://support.google.com/mail/?p=NoSuchUser">LEARN MORE</a>\n</td></tr>\n</tbody></table>\n</td></tr>\n</tbody></table>\n</td></tr>\n<tr style="border:none;background-color:#fff;font-size:12.8px;font-family:monospace;color:#212121;width:100%">\n<td style="padding:24px 24px 0 24px;">\nThe response ${google ? 'was' : 'from the remote server was'}:<br/>\n<p style="font-family:monospace">\n${escapeHtml(response)}\n</p>\n</td>\n</tr>\n</tbody></table>\n</body>\n</html>\n`;
  const g = () => '000000000000' + hex(c.r, 16);
  const alt: Multi = {
    headers: [],
    boundary: g(),
    parts: [textLeaf('Content-Type: text/plain; charset="UTF-8"', text, 'utf-8', '7bit'), textLeaf('Content-Type: text/html; charset="UTF-8"', html, 'utf-8', '7bit')],
  };
  alt.headers = [`Content-Type: multipart/alternative; boundary="${alt.boundary}"`];
  const icon: Leaf = {
    headers: ['Content-Type: image/png; name="icon.png"', 'Content-Disposition: attachment; filename="icon.png"', 'Content-Transfer-Encoding: base64', 'Content-ID: <icon.png>'],
    body: Buffer.from(b64Lines(PNG_1x1), 'latin1'),
  };
  const rel: Multi = { headers: [], boundary: g(), parts: [alt, icon] };
  rel.headers = [`Content-Type: multipart/related; boundary="${rel.boundary}"`];
  const dsn = `Reporting-MTA: dns; googlemail.com\nReceived-From-MTA: dns; ${TOM.addr}\nArrival-Date: ${c.pitchDate.replace('+0100', '-0800 (PST)').replace('09:14', '00:14')}\nX-Original-Message-ID: ${c.pitchId}\n\nFinal-Recipient: rfc822; ${c.addr}\nAction: failed\nStatus: 5.1.1\n${google ? '' : `Remote-MTA: dns; mx.${c.domain}. (85.13.${Math.floor(c.r() * 250)}.${Math.floor(c.r() * 250)}, the server for the domain ${c.domain}.)\n`}Diagnostic-Code: smtp; ${response}\nLast-Attempt-Date: ${c.date.replace(/ [+-]\d{4}$/, ' -0800 (PST)')}\n`;
  const b = g();
  const body: Multi = {
    headers: [`Content-Type: multipart/report; boundary="${b}"; report-type=delivery-status`],
    boundary: b,
    parts: [rel, raw(['Content-Type: message/delivery-status'], dsn), rfc822(c)],
  };
  const top = [
    ...trace(c, { envelope: '', host: 'mail-sor-f69.google.com', ip: '209.85.220.69' }),
    `X-Failed-Recipients: ${c.addr}`,
    'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
    `To: ${TOM.addr}`,
    'Auto-Submitted: auto-replied',
    'Subject: Delivery Status Notification (Failure)',
    `References: ${c.pitchId}`,
    `In-Reply-To: ${c.pitchId}`,
    `X-Gm-Message-State: AOJu0Y${b64chars(c.r, 60)}`,
    `Message-ID: <${hex(c.r, 8)}.${hex(c.r, 4)}.${hex(c.r, 4)}.${hex(c.r, 4)}.GMR@mx.google.com>`,
    `Date: ${c.date.replace(/ [+-]\d{4}$/, ' -0800 (PST)')}`,
    'MIME-Version: 1.0',
    ...body.headers.splice(0),
  ];
  return Object.assign(body, { top });
}

export function sendmail(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const host = m.remote ?? `smtp.${c.domain}`;
  const qid = `62${alnum(c.r, 6)}0${Math.floor(c.r() * 90000 + 10000)}`;
  const ts = 1772600000 + Math.floor(c.r() * 600000);
  const b = `${qid}.${ts}/${host}`;
  const diag = m.diag ?? `550 5.1.1 <${c.addr}>... User unknown`;
  const text = `The original message was received at ${c.pitchDate}\nfrom mail-wr1-f41.google.com [209.85.221.41]\n\n   ----- The following addresses had permanent fatal errors -----\n<${c.addr}>\n    (reason: ${diag.replace(/^550 5\.1\.1 /, '550 5.1.1 ')})\n\n   ----- Transcript of session follows -----\n... while talking to mailhost.${c.domain}.:\n>>> DATA\n<<< ${diag}\n${diag}\n<<< 503 5.0.0 Need RCPT (recipient)\n`;
  const dsn = `Reporting-MTA: dns; ${host}\nReceived-From-MTA: DNS; mail-wr1-f41.google.com\nArrival-Date: ${c.pitchDate}\n\nFinal-Recipient: RFC822; ${c.addr}\nAction: failed\nStatus: 5.1.1\nRemote-MTA: DNS; mailhost.${c.domain}\nDiagnostic-Code: SMTP; ${diag}\nLast-Attempt-Date: ${c.date}\n`;
  const body = report(c, b, [raw([], text), raw(['Content-Type: message/delivery-status'], dsn), raw(['Content-Type: text/rfc822-headers'], originalMessage(c, true))]);
  body.preamble = 'This is a MIME-encapsulated message';
  const top = [
    ...mtaTrace(c, host),
    `Date: ${c.date}`,
    `From: Mail Delivery Subsystem <MAILER-DAEMON@${host}>`,
    `Message-Id: <${ts}${qid}@${host}>`,
    `To: <${TOM.addr}>`,
    'MIME-Version: 1.0',
    ...body.headers.splice(0),
    'Subject: Returned mail: see transcript for details',
    'Auto-Submitted: auto-generated (failure)',
  ];
  return Object.assign(body, { top });
}

export function qmail(c: Ctx): Part & { top: string[] } {
  const m = c.m;
  const host = m.remote ?? `mail.${c.domain}`;
  const diag = m.diag ?? 'Sorry, no mailbox here by that name. (#5.1.1)';
  const text = `Hi. This is the qmail-send program at ${host}.\nI'm afraid I wasn't able to deliver your message to the following addresses.\nThis is a permanent error; I've given up. Sorry it didn't work out.\n\n<${c.addr}>:\n${diag}\n\n--- Below this line is a copy of the message.\n\nReturn-Path: <${TOM.addr}>\nReceived: (qmail ${Math.floor(c.r() * 90000)} invoked from network); 3 Mar 2026 08:14:24 -0000\nReceived: from mail-wr1-f41.google.com (209.85.221.41)\n  by ${host} with SMTP; 3 Mar 2026 08:14:24 -0000\n${originalMessage(c).replace(/\r\n/g, '\n')}`;
  const leaf = raw([], text);
  const top = [...mtaTrace(c, host), `Date: ${c.date.replace(/ [+-]\d{4}$/, ' -0000')}`, `From: MAILER-DAEMON@${host}`, `To: ${TOM.addr}`, 'Subject: failure notice'];
  return Object.assign(leaf, { top });
}

export function yahooBounce(c: Ctx): Part & { top: string[] } {
  const host = `mta${Math.floor(c.r() * 9000 + 1000)}.mail.ir2.yahoo.com`;
  const text = `Sorry, we were unable to deliver your message to the following address.\n\n<${c.addr}>:\n554: delivery error: dd This user doesn't have a ${c.domain} account (${c.addr}) [0] - ${host}\n\n--- Below this line is a copy of the message.\n\n${originalMessage(c).replace(/\r\n/g, '\n')}`;
  const leaf = raw([], text);
  const top = [
    ...mtaTrace(c, `sonic${Math.floor(c.r() * 400)}-${Math.floor(c.r() * 40)}.consmr.mail.ir2.yahoo.com`),
    `Date: ${c.date}`,
    'From: MAILER-DAEMON@yahoo.com',
    `To: ${TOM.addr}`,
    'Subject: Failure Notice',
  ];
  return Object.assign(leaf, { top });
}

export { rfcDate, nl2br, encodeBody, LOCALES };
