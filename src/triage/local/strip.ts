/**
 * stripQuoted: the part of a reply its sender wrote, without the history it quotes.
 *
 * Cut at the first line that starts quoted history or a forwarded original, in the mail clients
 * (Gmail, Apple Mail, Outlook, Thunderbird and mobile clients) of the five languages written
 * inline here and of those in ./languages/ (their attribution verbs, separators and labels):
 *   - an attribution line: "On … wrote:", "Am … schrieb …:", "Le … a écrit :", "El … escribió:",
 *     "Op … schreef …:" (also when the client wrapped it over two lines);
 *   - an original-message or forward separator ("-----Original Message-----",
 *     "---------- Forwarded message ---------", "Ursprüngliche Nachricht", "Message d'origine",
 *     "Mensaje original", "Oorspronkelijk bericht", "Begin forwarded message:" …);
 *   - an Outlook header block ("From: …" then "Sent:"/"Date:"/"To:" within the next lines, in the
 *     languages: Von/Gesendet, De/Envoyé, De/Enviado, Van/Verzonden, Da/Inviato, …) or its "____" rule;
 * and drop every remaining "> " line and "Sent from my iPhone"-style lines. A "-- " signature
 * separator ends the text too. When that leaves nothing (a reply written only below the quote, or
 * inline answers), the unquoted lines of the whole text are kept instead.
 */

import { all, alternation } from './languages/index.ts';

// "On … wrote:", "Am … schrieb Name <a@b>:", "Name <a@b> schrieb am …:", "Am … hat Name <a@b> Folgendes geschrieben:" (Yahoo),
// "Le … a écrit :", "El … escribió:", "Op … schreef …:", "Op … heeft … het volgende geschreven:"; in languages the
// corpus does not have, Gmail's and The Bat!'s Russian ("… писал(а):", "Вы писали …:"), Korean ("…님이 작성:") and
// Chinese ("Name <a@b> 于2026年3月3日周二 16:14写道：", written without a space before the verb)
const ATTRIBUTION_VERB = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:wrote|writes|schrieb|geschrieben|a\\s+[ée]crit|escribi[óo]|schreef|geschreven|skrev|scrisse|escreveu|(?:на)?писал[аи]?|пишет|작성${alternation('attributionVerbs')})(?![\\p{L}\\p{N}])|写道|寫道`,
  'iu',
);
const ATTRIBUTION_START = new RegExp(`^\\s*(?:on|am|le|el|op|den|il|em|вы${alternation('attributionStarts')})(?![\\p{L}\\p{N}])|<[^>\\s]+@[^>\\s]+>|\\S+@\\S+\\.\\w+`, 'iu');
/** Gmail in Japanese and other languages writes no verb: "2026年3月3日(火) 16:14 Tom Becker <tom@northwind.io>:". */
const VERBLESS_ATTRIBUTION = /\d{4}.*<[^>\s]+@[^>\s]+>\s*[:：]\s*$/u;
const SEPARATOR = new RegExp(
  '^\\s*(?:' +
    [
      `-{2,}\\s*(?:original message|urspr[üu]ngliche nachricht|message d.origine|mensaje original|oorspronkelijk bericht|original meddelelse|forwarded message|weitergeleitete nachricht|message transf[ée]r[ée]|mensaje reenviado|doorgestuurd bericht${alternation('separators')})\\s*-{2,}`,
      '-{5,}\\s*(?:original message|urspr[üu]ngliche nachricht|message d.origine|mensaje original|oorspronkelijk bericht)',
      'begin forwarded message:',
      'anfang der weitergeleiteten nachricht:',
      'd[ée]but du message r[ée]exp[ée]di[ée]\\s*:',
      'inicio del mensaje reenviado:',
      'begin doorgestuurd bericht:',
      ...all('forwardStarts'),
      '_{10,}\\s*$',
    ].join('|') +
    ')',
  'iu',
);
// Outlook's labels, also in Russian, Chinese (simplified and traditional), Japanese and Korean, whose colon may be full-width
const HEADER_FROM = new RegExp(`^\\s*\\*?(?:from|von|de|van|da|от|发件人|寄件者|差出人|보낸 사람${alternation('headerFrom')})\\s?\\*?\\s*[:：]\\s*\\S`, 'iu');
const HEADER_NEXT = new RegExp(
  `^\\s*\\*?(?:sent|date|to|subject|cc|gesendet|datum|an|betreff|envoy[ée]|date|[àa]|objet|enviado|fecha|para|asunto|verzonden|datum|aan|onderwerp|verstuurd|отправлено|дата|кому|тема|копия|发送时间|发送日期|日期|收件人|抄送|主题|寄件日期|收件者|副本|主旨|送信日時|宛先|件名|받는 사람|날짜|제목|참조${alternation('headerNext')})\\s?\\*?\\s*[:：]`,
  'iu',
);
const MOBILE_FOOTER = new RegExp(
  `^\\s*(?:sent from my \\w+|sent from (?:outlook|mail|yahoo mail|gmail)\\b.*|get outlook for \\w+.*|von meinem \\w+ gesendet|gesendet von meinem \\w+|envoy[ée] de mon \\w+|envoy[ée] depuis mon \\w+|enviado desde mi \\w+|verzonden (?:vanaf|met) mijn \\w+|verstuurd vanaf mijn \\w+${alternation('mobileFooters')})\\s*$`,
  'iu',
);

const endsAttribution = (l: string) => /[:：]\s*$/.test(l) && ATTRIBUTION_VERB.test(l) && l.length < 300;

function isAttribution(lines: string[], i: number): boolean {
  const line = lines[i]!;
  if (!ATTRIBUTION_START.test(line) || line.length > 300) return false;
  if (endsAttribution(line) || VERBLESS_ATTRIBUTION.test(line)) return true;
  // Gmail and Outlook wrap long attribution lines: "On Tue, 4 Mar 2025 at 10:12, Jane Doe <\njane@x.com> wrote:"
  const next = lines[i + 1];
  return next !== undefined && line.length > 20 && !/[.!?]\s*$/.test(line) && endsAttribution(line + ' ' + next) && next.length < 120;
}

function isHeaderBlock(lines: string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i]!)) return false;
  for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) {
    if (HEADER_NEXT.test(lines[j]!)) return true;
  }
  return false;
}

/** A quoted line: "> …", or with the quoted writer's initials as The Bat! and Supercite write it ("TB> …"). */
const QUOTED = /^\s*\p{Lu}{0,3}>/u;

/**
 * The lines written under a "> " quote that an attribution line at `cut` opens, up to a "-- "
 * signature: a reply written below the quote (The Bat!: "Hello Tom,", "You wrote …:", the quote,
 * then the answer). None when the quote is not "> " lines or nothing follows it.
 */
function answerBelowQuote(lines: string[], cut: number): string[] {
  if (cut >= lines.length || !isAttribution(lines, cut)) return [];
  let j = endsAttribution(lines[cut]!) || VERBLESS_ATTRIBUTION.test(lines[cut]!) ? cut + 1 : cut + 2;
  while (j < lines.length && !lines[j]!.trim()) j++;
  if (j >= lines.length || !QUOTED.test(lines[j]!)) return [];
  while (j < lines.length && (QUOTED.test(lines[j]!) || !lines[j]!.trim())) j++;
  const signature = lines.indexOf('-- ', j);
  return lines.slice(j, signature < 0 ? lines.length : signature);
}

export function stripQuoted(text: string): string {
  if (!text) return '';
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '-- ' || line === '--' || SEPARATOR.test(line) || isAttribution(lines, i) || isHeaderBlock(lines, i)) {
      end = i;
      break;
    }
  }
  const keep = (l: string) => !QUOTED.test(l) && !MOBILE_FOOTER.test(l);
  let kept = lines.slice(0, end).filter(keep);
  const below = answerBelowQuote(lines, end);
  if (below.length) kept = kept.concat(below.filter(keep));
  if (!kept.some((l) => l.trim())) {
    // Nothing above the cut: the sender wrote below or between the quoted lines.
    kept = lines.filter(keep).filter((l) => !(SEPARATOR.test(l) || endsAttribution(l)));
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const SIGN_OFF =
  /^\s*(?:best|best regards|kind regards|regards|warm regards|many thanks|thanks|thank you|thx|cheers|br|kr|sincerely|all the best|mit freundlichen gr[üu](?:ß|ss)en|freundliche gr[üu](?:ß|ss)e|viele gr[üu](?:ß|ss)e|beste gr[üu](?:ß|ss)e|sch[öo]ne gr[üu](?:ß|ss)e|liebe gr[üu](?:ß|ss)e|gru(?:ß|ss)|lg|vg|mfg|cordialement|bien [àa] vous|bien cordialement|salutations|bonne journ[ée]e|merci|saludos|un saludo|saludos cordiales|atentamente|gracias|un abrazo|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|hartelijke groet(?:en)?|groet(?:en|jes)?|mvg|gr)\s*[,.!]?\s*$/i;
const LANGUAGE_SIGN_OFF = new RegExp(`^\\s*(?:${all('signOffs').join('|') || '(?!)'})\\s*[,.!]?\\s*$`, 'iu');

/** The text without a closing signature: everything from the last sign-off line ("Best,", "Mit freundlichen Grüßen", "Cordialement", "Saludos", "Met vriendelijke groet") on, when at most 15 lines follow it (a signature with an address, phones and a legal footer runs to 12–14). */
export function cutSignature(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 1 && i >= lines.length - 16; i--) {
    if (SIGN_OFF.test(lines[i]!) || LANGUAGE_SIGN_OFF.test(lines[i]!)) return lines.slice(0, i).join('\n').trim();
  }
  return text;
}

/** What the sender wrote, without quoted history or signature: the text the classifiers read. */
export function ownText(text: string): string {
  return cutSignature(stripQuoted(text));
}
