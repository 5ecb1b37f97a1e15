// Mail in languages the corpus does not have, and in scripts other than Latin (docs/triage.md
// "Other scripts"): their mail clients' quoting is cut, their words are read (so a workspace's
// corrections teach its model), and the shipped classifier, which has never seen them, does not
// guess.
import { describe, expect, it } from 'vitest';
import { categorise, stripQuoted, suggest, WorkspaceModel, type TriageInput } from '../src/triage/local/index.ts';
import { normalise, otherScript, words } from '../src/triage/local/text.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'Re: Stock sync',
  bodyText,
  fromEmail: 'someone@example.com',
  receivedAt: '2026-03-04T09:00:00Z',
  ...extra,
});

describe('stripQuoted, in more mail clients and languages', () => {
  const pitch = 'Hi Anna,\nwould a 20-minute call next week make sense?\nBest,\nTom';
  const quoted = pitch.replace(/^/gm, '> ');
  const cases: [string, string][] = [
    ['Yahoo, German, indented', `    Am Dienstag, 3. März 2026 um 09:14:22 MEZ hat Tom Becker <tom@northwind.io> Folgendes geschrieben:  \n \n ${pitch}`],
    ['Gmail, Chinese', `Tom Becker <tom@northwind.io> 于2026年3月3日周二 16:14写道：\n\n${quoted}`],
    ['Gmail, Japanese (no verb)', `2026年3月3日(火) 16:14 Tom Becker <tom@northwind.io>:\n\n${quoted}`],
    ['Gmail, Russian', `вт, 3 мар. 2026 г. в 11:14, Tom Becker <tom@northwind.io>:\n${quoted}`],
    ['Gmail, Korean', `2026년 3월 3일 (화) 오후 4:14, Tom Becker <tom@northwind.io>님이 작성:\n${quoted}`],
    ['Outlook, Russian', `От: Tom Becker <tom@northwind.io>\nОтправлено: 3 марта 2026 г. 11:14\nКому: Анна\nТема: Stock sync\n\n${pitch}`],
    ['Outlook, Chinese, full-width colons', `发件人： Tom Becker\n发送时间： 2026-03-03 16:14\n收件人： 王伟\n主题： Stock sync\n${pitch}`],
    ['Outlook, traditional Chinese', `寄件者: Tom Becker <tom@northwind.io>\n寄件日期: 2026年3月3日 下午 04:14\n收件者: 陳小姐\n主旨: Stock sync\n\n${pitch}`],
    ['Outlook, Japanese', `差出人: Tom Becker <tom@northwind.io>\n送信日時: 2026年3月3日 16:14\n宛先: 佐藤\n件名: Stock sync\n\n${pitch}`],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, quote) => {
    expect(stripQuoted(`Not for us, thank you.\n\n${quote}`)).toBe('Not for us, thank you.');
  });

  it("keeps an answer written under a quote with the writer's initials (The Bat!), after a greeting", () => {
    const text =
      'Здравствуйте, Tom.\n\nВы писали 3 марта 2026 г., 11:14:22:\n\nTB> Hi Dmitry,\nTB>\nTB> Would a call next week make sense?\nTB> Tom\n\n' +
      'Сколько стоит подключение? Есть ли интеграция с 1С?\n\n-- \nДмитрий';
    expect(stripQuoted(text)).toBe('Здравствуйте, Tom.\n\nСколько стоит подключение? Есть ли интеграция с 1С?');
  });

  it('keeps an answer written under a "> " quote, and nothing more when nothing follows the quote', () => {
    const quote = 'On Tue, 3 Mar 2026 at 10:12, Tom Becker <tom@northwind.io> wrote:\n> Would a call next week make sense?\n> Tom';
    expect(stripQuoted(`Hi Tom,\n\n${quote}\n\nYes, Thursday works.`)).toBe('Hi Tom,\n\nYes, Thursday works.');
    expect(stripQuoted(`Yes, Thursday works.\n\n${quote}\n`)).toBe('Yes, Thursday works.');
  });
});

describe('words of every script', () => {
  it('reads Cyrillic words, and Chinese and Japanese text as pairs of characters', () => {
    expect(words(normalise('Сколько стоит?'))).toEqual(['сколько', 'стоит', 'zzq']);
    expect(words(normalise('很感兴趣'))).toEqual(['很感', '感兴', '兴趣']);
    expect(words(normalise('Tom様'))).toEqual(['tom', '様']);
  });

  it('reads a full-width question mark as a question, and a Japanese voiced kana as its plain one', () => {
    expect(words(normalise('怎么安排？'))).toEqual(['怎么', '么安', '安排', 'zzq']);
    expect(words(normalise('ありがとう'))).toEqual(words(normalise('ありかとう')));
  });

  it('leaves Latin-script text as it was', () => {
    expect(words(normalise("Hätten Sie nächste Woche 20 Minuten? I'm in"))).toEqual(['hatten', 'sie', 'nachste', 'woche', '0', 'minuten', 'zzq', "i'm", 'in']);
  });

  it('tells a reply written in another script from a Latin one with a foreign name or address in it', () => {
    expect(otherScript('Сколько стоит подключение для 3 000 товаров?')).toBe(true);
    expect(otherScript('Tom，你好：我们对库存同步很感兴趣。\n\n王伟\nwang.wei@huaxin-trading.cn')).toBe(true);
    expect(otherScript('ご連絡ありがとうございます。')).toBe(true);
    expect(otherScript('Danke, wir melden uns. Grüße an 王伟 und Дмитрий')).toBe(false);
    expect(otherScript('Thanks, not for us.')).toBe(false);
  });
});

describe('the categoriser on a reply in another script', () => {
  const chinese = reply('Tom，你好：\n\n我们对库存同步很感兴趣，请问下一步怎么安排？\n\n王伟');
  const russian = reply('Здравствуйте, Tom.\n\nСколько стоит подключение для 3 000 товаров?');

  it('gives no category and no suggestion from the shipped classifier, which never saw the script', () => {
    for (const r of [chinese, russian, reply('ご提案ありがとうございます。今回は見送らせていただきます。')]) {
      expect(categorise(r)).toBeNull();
      expect(suggest(r)).toEqual([]);
    }
  });

  it('still decides by headers and by phrases', () => {
    expect(categorise({ ...chinese, headers: { 'auto-submitted': 'auto-replied' } })?.label).toBe('Out of office');
    expect(categorise(reply('Unsubscribe. 请不要再给我发邮件。'))?.label).toBe('Unsubscribe');
  });

  it("learns the team's corrections in that script", () => {
    const model = WorkspaceModel.empty();
    for (const text of ['我们对库存同步很感兴趣，请联系我。', '对库存同步很感兴趣，下一步怎么安排？', '很感兴趣，请问下一步是什么？']) model.learn(reply(text), 'Interested');
    expect(categorise(chinese, model)).toMatchObject({ label: 'Interested', source: 'workspace' });
    expect(categorise(russian, model)).toBeNull();
  });
});

describe('phrases in Russian, Chinese and Japanese', () => {
  const cases: [string, string, Partial<TriageInput>?][] = [
    ['Unsubscribe', 'Добрый день. Отпишите меня, пожалуйста, от этой рассылки.'],
    ['Unsubscribe', 'Больше не присылайте мне такие письма.'],
    ['Unsubscribe', '您好，请不要再给我发这类邮件，谢谢。'],
    ['Unsubscribe', '退訂，謝謝。'],
    ['Unsubscribe', 'お世話になっております。今後のご連絡はご遠慮ください。'],
    ['Unsubscribe', '配信停止をお願いします。'],
    ['Out of office', 'Здравствуйте! Я в отпуске до 20 марта, ответ на письмо будет позже.'],
    ['Out of office', '您好，我目前正在休假，3月20日回来后回复您。'],
    ['Out of office', 'ただいま夏季休暇中のため、3月20日以降に返信いたします。'],
    ['Out of office', 'Благодарю за письмо.', { subject: 'Автоматический ответ: Stock sync' }],
    ['Out of office', '感谢您的来信。', { subject: '自动回复: Stock sync' }],
    ['Bounce', 'Ваше сообщение не удалось доставить следующим адресатам: anna@example.ru'],
    ['Bounce', '邮件发送失败：收件人地址不存在。'],
    ['Bounce', '次の宛先に配信できませんでした: sato@example.jp'],
  ];
  it.each(cases)('decide %s: %s', (label, text, extra) => {
    expect(categorise(reply(text, extra))).toMatchObject({ label, source: 'rule' });
  });

  it('say nothing of a reply that only mentions a holiday or a mailing', () => {
    for (const text of ['После отпуска созвонимся, напишите мне в апреле.', '我们休假回来后再谈，请下个月联系我。', '配信について質問があります。料金はいくらですか？']) {
      expect(categorise(reply(text))).toBeNull();
    }
  });
});
