/** Languages outside the twelve, and the message with a charset label nobody knows. */
import type { Msg } from '../lib/types.ts';

export const extra: Msg[] = [
  {
    id: 'ru-01', lang: 'ru', label: 'Information request', client: 'the-bat',
    who: 'Дмитрий Соколов <d.sokolov@sokol-trade.ru>', first: 'Dmitry', company: 'Sokol Trade', date: '2026-03-03 12:05', tz: '+0300',
    text: 'Сколько стоит подключение для 3 000 товаров? Есть ли интеграция с 1С?',
    expect: 'Сколько стоит подключение для 3 000 товаров? Есть ли интеграция с 1С?',
    note: 'extra language: The Bat!, KOI8-R 8bit, bottom-posted under "TB>" quotes, koi8-r B-encoded From',
  },
  {
    id: 'ja-01', lang: 'ja', label: 'Meeting request', client: 'becky',
    who: '佐藤 健一 <k.sato@sato-shoji.co.jp>', first: 'Kenichi', company: 'Sato Shoji', date: '2026-03-04 10:30', tz: '+0900',
    text: 'Tom様\n\nご連絡ありがとうございます。来週の火曜日15時（日本時間）にオンラインでお話しできますか。招待を送ってください。\n\n佐藤',
    expect: '来週の火曜日15時（日本時間）にオンラインでお話しできますか。',
    note: 'extra language: Becky!, ISO-2022-JP 7bit (hand-encoded: iconv-lite has no ISO-2022-JP encoder), B-encoded From',
  },
  {
    id: 'ja-02', lang: 'ja', label: 'Not interested', client: 'active-mail',
    who: '山田 花子 <h.yamada@yamada-zakka.jp>', first: 'Hanako', company: 'Yamada Zakka', date: '2026-03-05 14:10', tz: '+0900',
    text: 'Becker様\n\nご提案ありがとうございます。現在は別のシステムを利用しており、今回は見送らせていただきます。\n\n山田',
    expect: '現在は別のシステムを利用しており、今回は見送らせていただきます。',
    note: 'extra language: Active! mail, Shift_JIS base64, Shift_JIS B-encoded From',
  },
  {
    id: 'zh-01', lang: 'zh', label: 'Interested', client: 'foxmail',
    who: '王伟 <wang.wei@huaxin-trading.cn>', first: 'Wei', company: 'Huaxin Trading', date: '2026-03-04 16:20', tz: '+0800',
    text: 'Tom，你好：\n\n我们对库存同步很感兴趣，请问下一步怎么安排？\n\n王伟',
    expect: '我们对库存同步很感兴趣，请问下一步怎么安排？',
    note: 'extra language: Foxmail, GB18030 base64 plain and HTML, GB18030 B-encoded From',
  },
  {
    id: 'sv-18', lang: 'sv', label: 'Interested', client: 'phpmailer', charset: 'utf-8', charsetLabel: 'x-unknown-foo', quote: false,
    who: 'Björn Åkesson <bjorn@akessonfarg.se>', company: 'Åkesson Färg', date: '2026-03-06 11:45',
    text: 'Hej Tom!\n\nSkickat från vårt ordersystem. Det här låter precis som det vi behöver – vad händer härnäst?\n\nBjörn Åkesson\nÅkesson Färg AB',
    expect: 'Det här låter precis som det vi behöver – vad händer härnäst?',
    note: 'charset label "x-unknown-foo" on UTF-8 bytes (home-grown PHPMailer setup); a reader must fall back to UTF-8',
  },
];
