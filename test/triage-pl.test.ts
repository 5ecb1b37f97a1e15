import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature } from '../src/triage/local/strip.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'RE: Krótkie pytanie',
  bodyText,
  fromEmail: 'jan.kowalski@polbud.pl',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'RE: Krótkie pytanie') => matchRules(subject, body, cutSignature(body), 'jan.kowalski@polbud.pl')?.label ?? null;
const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
const until = (text: string) => outOfOfficeUntil(text, received)?.toISOString().slice(0, 10) ?? null;

describe('pl: stripQuoted', () => {
  const KEEP = 'Nie, dziękujemy.';
  const cases: [string, string][] = [
    ['Gmail', `${KEEP}\n\npon., 3 mar 2025 o 10:12 Tomasz Wiśniewski <tomasz@northwind.io> napisał(a):\n> Czy byłby Pan zainteresowany?`],
    ['Gmail wrapped', `${KEEP}\n\npon., 3 mar 2025 o 10:12 Tomasz Wiśniewski <\ntomasz@northwind.io> napisał(a):\n> Czy byłby Pan zainteresowany?`],
    ['Gmail, older', `${KEEP}\n\nW dniu 3 marca 2025 10:12 użytkownik Tomasz Wiśniewski <tomasz@northwind.io> napisał:\n> Czy byłby Pan zainteresowany?`],
    ['Thunderbird', `${KEEP}\n\nW dniu 3.03.2025 o 10:12, Tomasz Wiśniewski pisze:\n> Czy byłby Pan zainteresowany?`],
    ['Apple Mail', `${KEEP}\n\nWiadomość napisana przez Tomasz Wiśniewski <tomasz@northwind.io> w dniu 3 mar 2025, o godz. 10:12:\n\n> Czy byłby Pan zainteresowany?`],
    ['Dnia … napisała', `${KEEP}\n\nDnia 3.03.2025 o godz. 10:12 Anna Nowak napisała:\n> Czy byłby Pan zainteresowany?`],
    ['Outlook', `${KEEP}\n\nOd: Tomasz Wiśniewski <tomasz@northwind.io>\nWysłano: poniedziałek, 3 marca 2025 10:12\nDo: Jan Kowalski\nTemat: Krótkie pytanie\n\nCzy byłby Pan zainteresowany?`],
    [
      'Outlook, new',
      `${KEEP}\n\nOd: Tomasz Wiśniewski <tomasz@northwind.io>\nData: poniedziałek, 3 marca 2025 10:12\nDo: Jan Kowalski <jan@polbud.pl>\nDW: Anna Nowak\nTemat: Krótkie pytanie\n\nCzy byłby Pan zainteresowany?`,
    ],
    ['Outlook rule', `${KEEP}\n\n________________________________\nOd: Tomasz Wiśniewski\nWysłano: 3 marca 2025 10:12\n\nCzy byłby Pan zainteresowany?`],
    ['wiadomość oryginalna', `${KEEP}\n\n-----Wiadomość oryginalna-----\nOd: Tomasz\nCzy byłby Pan zainteresowany?`],
    ['Gmail forward', `${KEEP}\n\n---------- Wiadomość przekazana dalej ---------\nOd: Tomasz Wiśniewski <tomasz@northwind.io>\nCzy byłby Pan zainteresowany?`],
    ['Thunderbird forward', `${KEEP}\n\n-------- Przekazana wiadomość --------\nTemat: Krótkie pytanie\nCzy byłby Pan zainteresowany?`],
    ['Apple forward', `${KEEP}\n\nPoczątek przekazywanej wiadomości:\n\nOd: Tomasz Wiśniewski <tomasz@northwind.io>\nCzy byłby Pan zainteresowany?`],
    ['iPhone footer', `${KEEP}\n\nWysłane z iPhone'a`],
    ['iPhone footer, curly apostrophe', `${KEEP}\n\nWysłane z iPhone’a`],
    ['Outlook mobile footer', `${KEEP}\n\nPobierz aplikację Outlook dla systemu Android`],
    ['Samsung footer', `${KEEP}\nWysłane z mojego Galaxy`],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe(KEEP);
  });

  it('keeps a reply that only mentions writing', () => {
    const text = 'Dzień dobry,\n\nkolega napisał mi, że to ciekawe.\nW dniu targów będę na stoisku.\n\nPozdrawiam';
    expect(stripQuoted(text)).toBe(text);
  });
});

describe('pl: cutSignature', () => {
  it.each(['Pozdrawiam', 'Pozdrawiam serdecznie', 'Z poważaniem', 'Z wyrazami szacunku', 'Serdecznie pozdrawiam,', 'Pozdr.', 'Łączę pozdrowienia', 'Dziękuję i pozdrawiam', 'Z pozdrowieniami'])(
    'cuts at "%s"',
    (off) => {
      expect(cutSignature(`Nie jesteśmy zainteresowani.\n\n${off}\nAnna Nowak\nDyrektor Sprzedaży\nNovitech S.A.`)).toBe('Nie jesteśmy zainteresowani.');
    },
  );
  it('leaves a text without a sign-off alone', () => {
    expect(cutSignature('Nie jesteśmy zainteresowani.\nAnna')).toBe('Nie jesteśmy zainteresowani.\nAnna');
  });
});

describe('pl: outOfOfficeUntil', () => {
  const cases: [string, string | null][] = [
    ['Jestem na urlopie do 14 marca.', '2025-03-14'],
    ['Dziękuję za wiadomość. Wracam 17 marca 2025 r.', '2025-03-17'],
    ['Przebywam na urlopie od 3 do 21 marca. W pilnych sprawach proszę dzwonić.', '2025-03-21'],
    ['Jestem poza biurem do 5 maja, odpowiem po powrocie.', '2025-05-05'],
    ['Do 14.03.2025 jestem nieobecny w biurze.', '2025-03-14'],
    ['Jestem na delegacji. Wracam do biura we wtorek 11 marca.', '2025-03-11'],
    ['Przebywam na szkoleniu, wracam w poniedziałek.', '2025-03-03'],
    ['Jestem dziś poza biurem, wracam jutro.', '2025-03-02'],
    ['Jestem na urlopie do piątku.', '2025-03-07'],
    ['Informuję, że przebywam na urlopie. Będę ponownie dostępna od 10 kwietnia.', '2025-04-10'],
    ['Jestem na urlopie. Wracam 7 stycznia.', '2026-01-07'],
    ['Jestem na zwolnieniu lekarskim.', null],
  ];
  it.each(cases)('%s → %s', (text, iso) => {
    expect(until(text)).toBe(iso);
  });
  it('prefers the return date over a later date in the quoted history', () => {
    expect(until('Wracam 9 marca.\n\nW dniu 28.02.2025 o 10:12, Tomasz Wiśniewski pisze:\n> Może rozmowa 20 marca?')).toBe('2025-03-09');
  });
});

describe('pl: rules and categorise', () => {
  it('reads delivery failures as Bounce (subject and body)', () => {
    expect(
      label(
        "Nie można dostarczyć wiadomości do tych adresatów lub grup:\n\nanna@polbud.pl\nNie znaleziono adresu e-mail, na który próbowano wysłać wiadomość.\n\nRemote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'",
        { subject: 'Niedostarczalne: Krótkie pytanie' },
      ),
    ).toBe('Bounce');
    expect(rule('Adres nie został znaleziony\n\nTwoja wiadomość nie została dostarczona do anna@polbud.pl, ponieważ nie znaleziono adresu lub nie może on odbierać poczty.')).toBe('Bounce');
    expect(rule('Niestety Twoja wiadomość nie mogła zostać dostarczona do jednego lub więcej adresatów.')).toBe('Bounce');
    expect(rule('x', 'Nie można dostarczyć: Krótkie pytanie')).toBe('Bounce');
  });

  it('reads absence notices as Out of office', () => {
    expect(label('Dzień dobry,\n\ndziękuję za wiadomość. Jestem na urlopie do 14 marca i mam ograniczony dostęp do poczty.\n\nPozdrawiam\nAnna Nowak')).toBe('Out of office');
    expect(label('Dziękuję za wiadomość.', { subject: 'Odpowiedź automatyczna: Krótkie pytanie' })).toBe('Out of office');
    expect(rule('Przebywam na urlopie macierzyńskim. Wiadomości nie są przekazywane.')).toBe('Out of office');
    expect(rule('Odpowiem na Pana wiadomość niezwłocznie po moim powrocie.')).toBe('Out of office');
    // working away from the office is not an absence notice
    expect(rule('U nas większość zespołu pracuje poza biurem, więc to może być ciekawe.')).toBeNull();
  });

  it('reads removal requests as Unsubscribe', () => {
    expect(label('Proszę mnie wypisać z listy mailingowej.')).toBe('Unsubscribe');
    expect(label('Nie jestem zainteresowany, proszę więcej do mnie nie pisać.')).toBe('Unsubscribe');
    expect(label('Proszę o usunięcie moich danych zgodnie z RODO.')).toBe('Unsubscribe');
    expect(rule('Usuńcie mój adres z bazy.')).toBe('Unsubscribe');
    expect(rule('Nie wyrażam zgody na otrzymywanie informacji handlowych.')).toBe('Unsubscribe');
    // "do not send it by post" and "move me to next week" are not removal requests
    expect(rule('Proszę nie wysyłać oferty pocztą, tylko mailem.')).toBeNull();
    expect(rule('Proszę przesunąć mnie na przyszły tydzień.')).toBeNull();
  });

  it('reads "I left / not the right person" as Wrong person, and as Referral when it points elsewhere', () => {
    expect(rule('Nie pracuję już w firmie Polbud.')).toBe('Wrong person');
    expect(rule('Nie jestem właściwą osobą i niestety nie wiem, kto się tym zajmuje.')).toBe('Wrong person');
    expect(rule('Od stycznia nie pracuję już w Novitech i nie wiem, kto przejął moje obowiązki.')).toBe('Wrong person');
    expect(rule('Od lutego nie pracuję już w Novitech. Proszę pisać na adres anna.nowak@novitech.pl')).toBe('Referral');
    expect(rule('Nie jestem właściwą osobą, proszę skontaktować się z działem zakupów.')).toBe('Referral');
    expect(rule('Nie zajmuję się tym, przekazałem Pana wiadomość koledze z IT.')).toBe('Referral');
    expect(label('Dzień dobry,\n\nnie pracuję już w Polbud Logistyka. Moim następcą jest Marek Zając, marek.zajac@polbud.pl.\n\nPozdrawiam\nJan')).toBe('Referral');
  });
});
