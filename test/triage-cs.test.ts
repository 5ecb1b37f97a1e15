import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature } from '../src/triage/local/strip.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'RE: Krátký dotaz',
  bodyText,
  fromEmail: 'jan.novak@softcentrum.cz',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'RE: Krátký dotaz') => matchRules(subject, body, cutSignature(body), 'jan.novak@softcentrum.cz')?.label ?? null;
const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
const until = (text: string) => outOfOfficeUntil(text, received)?.toISOString().slice(0, 10) ?? null;

describe('cs: stripQuoted', () => {
  const KEEP = 'Ne, děkujeme.';
  const cases: [string, string][] = [
    ['Gmail', `${KEEP}\n\npo 3. 3. 2025 v 10:12 odesílatel Tomáš Dvořák <tomas@northwind.io> napsal:\n> Měli byste zájem o demo?`],
    ['Gmail wrapped', `${KEEP}\n\npo 3. 3. 2025 v 10:12 odesílatel Tomáš Dvořák <\ntomas@northwind.io> napsal:\n> Měli byste zájem o demo?`],
    ['Thunderbird', `${KEEP}\n\nDne 3.3.2025 v 10:12 Tomáš Dvořák napsal(a):\n> Měli byste zájem o demo?`],
    ['Apple Mail', `${KEEP}\n\nDne 3. 3. 2025 v 10:12, Tomáš Dvořák <tomas@northwind.io> napsal(a):\n\n> Měli byste zájem o demo?`],
    ['Dne … napsala', `${KEEP}\n\nDne 3. března 2025 10:12 Jana Černých napsala:\n> Měli byste zájem o demo?`],
    ['Outlook', `${KEEP}\n\nOd: Tomáš Dvořák <tomas@northwind.io>\nOdesláno: pondělí 3. března 2025 10:12\nKomu: Jan Novák\nPředmět: Krátký dotaz\n\nMěli byste zájem o demo?`],
    [
      'Outlook, new',
      `${KEEP}\n\nOd: Tomáš Dvořák <tomas@northwind.io>\nDatum: pondělí 3. března 2025 10:12\nKomu: Jan Novák <jan@softcentrum.cz>\nKopie: Eva Malých\nPředmět: Krátký dotaz\n\nMěli byste zájem o demo?`,
    ],
    ['Outlook rule', `${KEEP}\n\n________________________________\nOd: Tomáš Dvořák\nOdesláno: 3. března 2025 10:12\n\nMěli byste zájem o demo?`],
    ['původní zpráva', `${KEEP}\n\n-----Původní zpráva-----\nOd: Tomáš\nMěli byste zájem o demo?`],
    ['Gmail forward', `${KEEP}\n\n---------- Přeposlaná zpráva ---------\nOd: Tomáš Dvořák <tomas@northwind.io>\nMěli byste zájem o demo?`],
    ['Apple forward', `${KEEP}\n\nZačátek přeposílané zprávy:\n\nOd: Tomáš Dvořák <tomas@northwind.io>\nMěli byste zájem o demo?`],
    ['iPhone footer', `${KEEP}\n\nOdesláno z iPhonu`],
    ['iPhone footer, mého', `${KEEP}\n\nOdesláno z mého iPhonu`],
    ['Outlook mobile footer', `${KEEP}\n\nZískat Outlook pro Android`],
    ['phone footer', `${KEEP}\nOdesláno z mobilu`],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe(KEEP);
  });

  it('keeps a reply that only mentions writing', () => {
    const text = 'Dobrý den,\n\nkolega mi napsal, že je to zajímavé.\nDne 12. jsem na veletrhu.\n\nS pozdravem';
    expect(stripQuoted(text)).toBe(text);
  });
});

describe('cs: cutSignature', () => {
  it.each(['S pozdravem', 'S přátelským pozdravem', 'S úctou', 'Děkuji a zdravím', 'Zdravím,', 'Srdečně zdravím', 'S pozdravem a přáním hezkého dne', 'Hezký den'])('cuts at "%s"', (off) => {
    expect(cutSignature(`Nemáme zájem.\n\n${off}\nJana Černých\nobchodní ředitelka\nSoftcentrum s.r.o.`)).toBe('Nemáme zájem.');
  });
  it('leaves a text without a sign-off alone', () => {
    expect(cutSignature('Nemáme zájem.\nJana')).toBe('Nemáme zájem.\nJana');
  });
});

describe('cs: outOfOfficeUntil', () => {
  const cases: [string, string | null][] = [
    ['Jsem na dovolené do 14. března.', '2025-03-14'],
    ['Děkuji za zprávu. Zpět budu 17. března 2025.', '2025-03-17'],
    ['Jsem na dovolené od 3. do 21. března. V naléhavých případech volejte.', '2025-03-21'],
    ['Do 5. května jsem mimo kancelář.', '2025-05-05'],
    ['Do 14.03.2025 jsem nepřítomen.', '2025-03-14'],
    ['Jsem na služební cestě. Do kanceláře se vracím ve čtvrtek 6. března.', '2025-03-06'],
    ['Jsem na školení, vracím se v pondělí.', '2025-03-03'],
    ['Dnes jsem mimo kancelář, vrátím se zítra.', '2025-03-02'],
    ['Jsem na dovolené do pátku.', '2025-03-07'],
    ['Čerpám dovolenou, opět k dispozici od 2. dubna.', '2025-04-02'],
    ['Jsem na dovolené. Zpět budu 7. ledna.', '2026-01-07'],
    ['Jsem v pracovní neschopnosti.', null],
  ];
  it.each(cases)('%s → %s', (text, iso) => {
    expect(until(text)).toBe(iso);
  });
  it('prefers the return date over a later date in the quoted history', () => {
    expect(until('Zpět budu 9. března.\n\nDne 28.2.2025 v 10:12 Tomáš Dvořák napsal(a):\n> Co třeba hovor 20. března?')).toBe('2025-03-09');
  });
});

describe('cs: rules and categorise', () => {
  it('reads delivery failures as Bounce (subject and body)', () => {
    expect(
      label(
        "Doručení následujícím příjemcům nebo skupinám se nezdařilo:\n\njana@softcentrum.cz\nE-mailová adresa, na kterou jste se pokusili zprávu odeslat, nebyla nalezena.\n\nRemote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'",
        { subject: 'Nedoručitelné: Krátký dotaz' },
      ),
    ).toBe('Bounce');
    expect(rule('Adresa nebyla nalezena\n\nVaše zpráva nebyla doručena na adresu jana@softcentrum.cz, protože adresa nebyla nalezena nebo nemůže přijímat poštu.')).toBe('Bounce');
    expect(rule('Dobrý den,\n\nVaši zprávu se nepodařilo doručit následujícím příjemcům:\n\njana@seznam.cz: schránka příjemce je plná')).toBe('Bounce');
    expect(rule('x', 'Nedoručitelné: Krátký dotaz')).toBe('Bounce');
  });

  it('reads absence notices as Out of office', () => {
    expect(label('Dobrý den,\n\nděkuji za zprávu. Do 14. března jsem mimo kancelář a mám omezený přístup k e-mailu.\n\nS pozdravem\nJana Černých')).toBe('Out of office');
    expect(label('Děkuji za zprávu.', { subject: 'Automatická odpověď: Krátký dotaz' })).toBe('Out of office');
    expect(rule('Jsem na rodičovské dovolené. Zprávy nejsou přeposílány.')).toBe('Out of office');
    expect(rule('Na Vaši zprávu odpovím co nejdříve po svém návratu.')).toBe('Out of office');
    // a holiday mentioned in passing is not an absence notice
    expect(rule('Po dovolené se k tomu rádi vrátíme, pošlete ceník.')).toBeNull();
  });

  it('reads removal requests as Unsubscribe', () => {
    expect(label('Odhlaste mě prosím z vašeho seznamu.')).toBe('Unsubscribe');
    expect(label('Nemám zájem. A už mi prosím nepište.')).toBe('Unsubscribe');
    expect(label('Žádám o výmaz mých osobních údajů podle GDPR.')).toBe('Unsubscribe');
    expect(rule('Neposílejte mi už další e-maily.')).toBe('Unsubscribe');
    expect(rule('Prosím, už mě nekontaktujte.')).toBe('Unsubscribe');
    // "don't contact me, contact my colleague" is not a removal request
    expect(rule('Nekontaktujte mě, ale kolegu z nákupu.')).not.toBe('Unsubscribe');
  });

  it('reads "I left / not the right person" as Wrong person, and as Referral when it points elsewhere', () => {
    expect(rule('Ve firmě Softcentrum už nepracuji.')).toBe('Wrong person');
    expect(rule('Nejsem správná osoba a bohužel nevím, kdo to má na starosti.')).toBe('Wrong person');
    expect(rule('Tohle nemám na starosti a ani nevím, kdo by se tím zabýval.')).toBe('Wrong person');
    expect(rule('Od února už ve firmě nepracuji. Pište prosím na jana.cernych@softcentrum.cz')).toBe('Referral');
    expect(rule('Nejsem správná osoba, obraťte se prosím na obchodní oddělení.')).toBe('Referral');
    expect(rule('Tohle nemám na starosti, přeposlal jsem to kolegovi z IT.')).toBe('Referral');
    expect(label('Dobrý den,\n\nve společnosti Softcentrum už nepracuji. Moji agendu převzal Petr Janů, petr.janu@softcentrum.cz.\n\nS pozdravem\nJan')).toBe('Referral');
  });
});
