// Every charset a mail can name, decoded from real bytes (issue 30): bodies, subjects, display
// names and attachment file names. The bytes are written out here, not produced by the decoder
// under test, so a decoder that drops or guesses characters fails.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DECODING_HEADER, parseMessage } from '../src/mailboxes/parse.ts';

/** A message from header lines and a body given as bytes (a Buffer) or ASCII text. */
function message(headers: string[], body: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from([...headers, 'From: Prospect <p@prospect.example>', 'Message-ID: <c@prospect.example>', 'MIME-Version: 1.0', '', ''].join('\r\n'), 'latin1'),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
  ]);
}

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('decoding every charset a mail can name', () => {
  it("windows-1252 0x80–0x9F (Outlook's Western European default): quoted-printable, 8-bit, subject and name", async () => {
    const qp = await parseMessage(
      message(
        [
          'Subject: =?Windows-1252?Q?Re:_Angebot_=96_n=E4chste_Woche?=',
          'To: =?windows-1252?Q?Tom_=93Sales=94_Becker?= <tom@northwind.example>',
          'Content-Type: text/plain; charset="Windows-1252"',
          'Content-Transfer-Encoding: quoted-printable',
        ],
        'I=92m not adding another tool that doesn=92t sync =96 not for =8040 a seat=85=0D\n=84Gut=93, =91ok=92 =97 =99 =9C =8A =9F=0D\n',
      ),
    );
    expect(qp.text).toBe('I’m not adding another tool that doesn’t sync – not for €40 a seat…\n„Gut“, ‘ok’ — ™ œ Š Ÿ\n');
    expect(qp.subject).toBe('Re: Angebot – nächste Woche');
    expect(qp.decodingNote).toBeNull();

    const eightBit = await parseMessage(
      message(
        ['Subject: Re: pricing', 'Content-Type: text/plain; charset=cp1252', 'Content-Transfer-Encoding: 8bit'],
        bytes('We', [0x92], 're in ', [0x96], ' ', [0x93], 'if', [0x94], ' the price is ', [0x80], '9 ', [0x97], ' fine.'),
      ),
    );
    expect(eightBit.text).toBe('We’re in – “if” the price is €9 — fine.');
  });

  it('windows-1252 display names in From (encoded words)', async () => {
    const m = await parseMessage(
      Buffer.from(['From: =?windows-1252?Q?Fran=E7ois_=93Frank=94_M=FCller?= <f@prospect.example>', 'Subject: x', 'Content-Type: text/plain; charset=us-ascii', '', 'ok'].join('\r\n'), 'latin1'),
    );
    expect(m.from).toEqual({ name: 'François “Frank” Müller', address: 'f@prospect.example' });
  });

  it('iso-8859-1 and iso-8859-15', async () => {
    const l1 = await parseMessage(
      message(
        ['Subject: =?ISO-8859-1?Q?R=E9ponse?=', 'Content-Type: text/plain; charset=ISO-8859-1', 'Content-Transfer-Encoding: quoted-printable'],
        'Tr=E8s int=E9ressant, =E0 la rentr=E9e. =A9 =BD',
      ),
    );
    expect(l1.text).toBe('Très intéressant, à la rentrée. © ½');
    expect(l1.subject).toBe('Réponse');
    const l15 = await parseMessage(message(['Subject: x', 'Content-Type: text/plain; charset=iso-8859-15', 'Content-Transfer-Encoding: 8bit'], bytes('Prix: 40 ', [0xa4], ' ', [0xbd], 'uvre')));
    expect(l15.text).toBe('Prix: 40 € œuvre');
  });

  it('iso-8859-2 and windows-1250 (Polish, Czech)', async () => {
    // "Dziękuję, proszę o ofertę. Łódź, żółć" in iso-8859-2, byte by byte
    const pl = bytes('Dzi', [0xea], 'kuj', [0xea], ', prosz', [0xea], ' o ofert', [0xea], '. ', [0xa3], [0xf3], 'd', [0xbc], ', ', [0xbf], [0xf3], [0xb3], [0xe6]);
    const m = await parseMessage(
      message(
        ['Subject: =?iso-8859-2?B?' + bytes([0xa3], [0xf3], 'd', [0xbc]).toString('base64') + '?=', 'Content-Type: text/plain; charset=iso-8859-2', 'Content-Transfer-Encoding: base64'],
        pl.toString('base64'),
      ),
    );
    expect(m.text).toBe('Dziękuję, proszę o ofertę. Łódź, żółć');
    expect(m.subject).toBe('Łódź');
    // "Děkuji, ozvěte se příští týden" in windows-1250: ě 0xEC, ř 0xF8, í 0xED, š 0x9A, ý 0xFD
    const cz = bytes('D', [0xec], 'kuji, ozv', [0xec], 'te se p', [0xf8], [0xed], [0x9a], 't', [0xed], ' t', [0xfd], 'den');
    const c = await parseMessage(message(['Subject: x', 'Content-Type: text/plain; charset=windows-1250', 'Content-Transfer-Encoding: 8bit'], cz));
    expect(c.text).toBe('Děkuji, ozvěte se příští týden');
  });

  it('koi8-r', async () => {
    // "Спасибо, не интересно" in KOI8-R
    const ru = bytes([0xf3, 0xd0, 0xc1, 0xd3, 0xc9, 0xc2, 0xcf], ', ', [0xce, 0xc5], ' ', [0xc9, 0xce, 0xd4, 0xc5, 0xd2, 0xc5, 0xd3, 0xce, 0xcf]);
    const m = await parseMessage(
      message(
        ['Subject: =?KOI8-R?B?' + bytes([0xf3, 0xd0, 0xc1, 0xd3, 0xc9, 0xc2, 0xcf]).toString('base64') + '?=', 'Content-Type: text/plain; charset="koi8-r"', 'Content-Transfer-Encoding: base64'],
        ru.toString('base64'),
      ),
    );
    expect(m.text).toBe('Спасибо, не интересно');
    expect(m.subject).toBe('Спасибо');
  });

  it('shift_jis, iso-2022-jp and gb18030', async () => {
    // "ありがとう" in Shift_JIS: 82A0 82E8 82AA 82C6 82A4
    const sjis = await parseMessage(
      message(['Subject: x', 'Content-Type: text/plain; charset=Shift_JIS', 'Content-Transfer-Encoding: 8bit'], bytes([0x82, 0xa0, 0x82, 0xe8, 0x82, 0xaa, 0x82, 0xc6, 0x82, 0xa4])),
    );
    expect(sjis.text).toBe('ありがとう');
    // the same in ISO-2022-JP: ESC $ B, 2422 246A 242C 2448 2426, ESC ( B
    const jis = bytes([0x1b, 0x24, 0x42, 0x24, 0x22, 0x24, 0x6a, 0x24, 0x2c, 0x24, 0x48, 0x24, 0x26, 0x1b, 0x28, 0x42]);
    const j = await parseMessage(message(['Subject: =?ISO-2022-JP?B?' + jis.toString('base64') + '?=', 'Content-Type: text/plain; charset=ISO-2022-JP', 'Content-Transfer-Encoding: 7bit'], jis));
    expect(j.text).toBe('ありがとう');
    expect(j.subject).toBe('ありがとう');
    expect([sjis.decodingNote, j.decodingNote]).toEqual([null, null]);
    // "谢谢, 不需要" in GB18030 (GBK range: D0BB D0BB ... ), then a 4-byte sequence for "€" (A2E3) and "𠀀" (95328236)
    const gb = await parseMessage(
      message(
        ['Subject: x', 'Content-Type: text/plain; charset=gb18030', 'Content-Transfer-Encoding: 8bit'],
        bytes([0xd0, 0xbb, 0xd0, 0xbb], ', ', [0xb2, 0xbb, 0xd0, 0xe8, 0xd2, 0xaa], ' ', [0xa2, 0xe3], ' ', [0x95, 0x32, 0x82, 0x36]),
      ),
    );
    expect(gb.text).toBe('谢谢, 不需要 € 𠀀');
  });

  it('attachment file names: RFC 2231 in a legacy charset, and encoded words', async () => {
    const boundary = 'b1';
    const raw = message(
      ['Subject: files', `Content-Type: multipart/mixed; boundary="${boundary}"`],
      [
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'See attached.',
        `--${boundary}`,
        'Content-Type: application/pdf',
        "Content-Disposition: attachment; filename*=iso-8859-1''Pr%E9sentation%20%E9t%E9.pdf",
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('%PDF-1').toString('base64'),
        `--${boundary}`,
        'Content-Type: application/pdf; name="=?windows-1252?Q?Angebot_=96_2026.pdf?="',
        'Content-Disposition: attachment; filename="=?windows-1252?Q?Angebot_=96_2026.pdf?="',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('%PDF-2').toString('base64'),
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const m = await parseMessage(raw);
    expect(m.attachments.map((a) => a.filename)).toEqual(['Présentation été.pdf', 'Angebot – 2026.pdf']);
    expect(Buffer.from(m.attachments[0]!.content).toString()).toBe('%PDF-1');
  });

  it('an unknown charset label falls back with a note, never silently: UTF-8 when the bytes are UTF-8, else windows-1252', async () => {
    const cp = await parseMessage(message(['Subject: x', 'Content-Type: text/plain; charset="x-unknown-foo"', 'Content-Transfer-Encoding: 8bit'], bytes('We', [0x92], 're fine ', [0x96], ' thanks')));
    expect(cp.text).toBe('We’re fine – thanks');
    expect(cp.decodingNote).toBe('unknown charset "x-unknown-foo": read as windows-1252');
    expect(cp.headers[DECODING_HEADER]).toBe(cp.decodingNote);

    const utf8 = await parseMessage(message(['Subject: x', 'Content-Type: text/plain; charset=utf8mb4', 'Content-Transfer-Encoding: 8bit'], Buffer.from('Grüße – gern', 'utf8')));
    expect(utf8.text).toBe('Grüße – gern');
    expect(utf8.decodingNote).toBe('unknown charset "utf8mb4": read as UTF-8');

    const fine = await parseMessage(message(['Subject: x', 'Content-Type: text/plain; charset=iso-8859-1'], 'ok'));
    expect(fine.decodingNote).toBeNull();
    expect(fine.headers[DECODING_HEADER]).toBeUndefined();
  });

  it('an HTML-only Outlook reply in windows-1252 becomes text without losing a character', async () => {
    const html = iconv.encode(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><body><p class="MsoNormal">Sounds good – let’s talk on Tuesday.</p><p class="MsoNormal">Best,<br>Jörg</p></body></html>',
      'windows-1252',
    );
    expect(html.includes(0x96) && html.includes(0x92)).toBe(true);
    const m = await parseMessage(message(['Subject: x', 'Content-Type: text/html; charset="windows-1252"', 'Content-Transfer-Encoding: 8bit'], html));
    expect(m.html).toContain('Sounds good – let’s talk on Tuesday.');
    expect(m.text).toContain('Sounds good – let’s talk on Tuesday.');
    expect(m.text).toContain('Jörg');
  });
});
