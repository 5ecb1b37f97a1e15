import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature, ownText } from '../src/triage/local/strip.ts';

// Swedish: written for this test, apart from the corpus (bin/triage-corpus/sv.ts).
const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'SV: Snabb fråga',
  bodyText,
  fromEmail: 'anna.svensson@example.se',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'SV: Snabb fråga') => matchRules(subject, stripQuoted(body), ownText(body), 'anna.svensson@example.se');

describe('sv: stripQuoted', () => {
  const cases: [string, string][] = [
    ['gmail', 'Inte för oss.\n\nDen tis 4 mars 2025 kl. 10:12 skrev Tom Becker <tom@northwind.io>:\n> Skulle en demo vara intressant?'],
    ['gmail wrapped', 'Inte för oss.\n\nDen tis 4 mars 2025 kl. 10:12 skrev Tom Becker <\ntom@northwind.io>:\n> Skulle en demo vara intressant?'],
    ['apple mail, no address', 'Inte för oss.\n\n4 mars 2025 kl. 10:12 skrev Tom Becker:\n\n> Skulle en demo vara intressant?'],
    ['thunderbird', 'Inte för oss.\n\nDen 2025-03-04 kl. 10:12, skrev Tom Becker:\n> Skulle en demo vara intressant?'],
    [
      'outlook',
      'Inte för oss.\n\nFrån: Tom Becker <tom@northwind.io>\nSkickat: den 4 mars 2025 10:12\nTill: Anna Svensson <anna.svensson@example.se>\nÄmne: Snabb fråga\n\nSkulle en demo vara intressant?',
    ],
    [
      'outlook, datum and kopia',
      'Inte för oss.\n\n________________________________\nFrån: Tom Becker\nDatum: tisdag 4 mars 2025 10:12\nKopia: Erik\nÄmne: Snabb fråga\n\nSkulle en demo vara intressant?',
    ],
    ['original message', 'Inte för oss.\n\n-----Ursprungligt meddelande-----\nFrån: Tom\nSkulle en demo vara intressant?'],
    ['gmail forward', 'Inte för oss.\n\n---------- Vidarebefordrat meddelande ---------\nFrån: Tom Becker <tom@northwind.io>\nSkulle en demo vara intressant?'],
    ['apple forward', 'Inte för oss.\n\nBörjan på vidarebefordrat brev:\n\nFrån: Tom Becker\nSkulle en demo vara intressant?'],
    ['mobile footers', 'Inte för oss.\n\nSkickat från min iPhone\nHämta Outlook för iOS\nSkickat från min Samsung Galaxy-smartphone.'],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe('Inte för oss.');
  });

  it('keeps a line that only looks like a date', () => {
    expect(stripQuoted('4 mars 2025 passar bra för ett möte.')).toBe('4 mars 2025 passar bra för ett möte.');
  });
});

describe('sv: cutSignature', () => {
  it.each(['Med vänlig hälsning', 'Med vanliga halsningar', 'Vänliga hälsningar', 'Mvh', 'MVH', 'Hälsningar', 'Vänligen', 'Ha det bra!', 'Trevlig helg', '/Anna', '/ Anna S'])(
    'cuts at "%s"',
    (off) => {
      expect(cutSignature(`Inte för oss.\n\n${off}\nAnna Svensson\nVD | Skogsberg Bygg AB\n070-123 45 67`)).toBe('Inte för oss.');
    },
  );
  it('keeps a sentence that starts like a sign-off', () => {
    expect(cutSignature('Hej,\nMed vänlig hälsning till Erik: vi är intresserade.')).toBe('Hej,\nMed vänlig hälsning till Erik: vi är intresserade.');
  });
});

describe('sv: outOfOfficeUntil', () => {
  const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
  it.each([
    ['Jag är på semester och tillbaka den 17 mars.', '2025-03-17'],
    ['Jag är tillbaka måndagen den 10 mars 2025.', '2025-03-10'],
    ['Jag är ledig till och med 14/3 och läser inte min e-post.', '2025-03-14'],
    ['Jag är frånvarande t.o.m. 12 mars.', '2025-03-12'],
    ['Jag är föräldraledig fram till 2025-04-30.', '2025-04-30'],
    ['Åter på kontoret 2025-03-20.', '2025-03-20'],
    ['Jag är på tjänsteresa och tillbaka på onsdag.', '2025-03-05'],
    ['Jag är sjuk idag men tillbaka i morgon.', '2025-03-02'],
    ['Är hemma med sjukt barn, åter imorgon.', '2025-03-02'],
    ['Jag har semester till och med 14 mars och är tillbaka måndag 17 mars.', '2025-03-17'],
  ])('%s → %s', (text, iso) => {
    expect(outOfOfficeUntil(text, received)?.toISOString().slice(0, 10)).toBe(iso);
  });
});

describe('sv: rules and categorise', () => {
  it.each([
    ['Det gick inte att leverera till följande mottagare eller grupper:\n\nanna@example.se\nDet gick inte att hitta e-postadressen du angav.', 'SV: Snabb fråga'],
    ['Adressen hittades inte\n\nDitt meddelande levererades inte till anna@example.se eftersom adressen inte kunde hittas.', 'Delivery Status Notification (Failure)'],
    ['Ditt meddelande till anna@example.se kunde inte levereras.', 'Det gick inte att leverera: Snabb fråga'],
  ])('Bounce: %s', (body, subject) => {
    expect(rule(body, subject)?.label).toBe('Bounce');
    expect(label(body, { subject })).toBe('Bounce');
  });

  it.each([
    ['Tack för ditt mejl. Jag är på semester till och med den 14 mars och har begränsad tillgång till e-post.', 'SV: Snabb fråga'],
    ['Jag är föräldraledig. Ditt mejl vidarebefordras inte.', 'SV: Snabb fråga'],
    ['Tack för ditt meddelande, jag återkommer.', 'Automatiskt svar: Snabb fråga'],
    ['Hej, jag är tillbaka den 3 mars.', 'Frånvaro: Snabb fråga'],
  ])('Out of office: %s', (body, subject) => {
    expect(rule(body, subject)?.label).toBe('Out of office');
    expect(label(body, { subject })).toBe('Out of office');
  });

  it.each([
    'Hej, ta bort mig från er utskickslista. Tack.',
    'Vänligen radera mina personuppgifter och kontakta mig inte igen.',
    'Inte intresserad och jag vill inte få fler mejl från er.',
    'Avregistrera mig.',
    'Jag undanber mig fler utskick.',
  ])('Unsubscribe: %s', (body) => {
    expect(rule(body)?.label).toBe('Unsubscribe');
    expect(label(body)).toBe('Unsubscribe');
  });

  it.each([
    'Hej,\n\njag jobbar inte längre på Skogsberg Bygg, så det här har hamnat fel.\n\nMvh\nAnna',
    'Du har fått tag på fel person, jag har inget med inköp att göra.',
    'Jag har slutat på företaget och vet tyvärr inte vem som har tagit över.',
  ])('Wrong person: %s', (body) => {
    expect(rule(body)).toMatchObject({ label: 'Wrong person', strength: 'soft' });
    expect(label(body)).toBe('Wrong person');
  });

  it.each([
    'Jag jobbar inte kvar där, vänd dig till Erik Holm istället.',
    'Jag är inte rätt person för det här, prata med min kollega Karin.',
    'Jag har slutat på Skogsberg. Min efterträdare nås på maria.lund@example.se.',
    'Det är inte mitt bord, Linnea på marknad tar hand om sådant.',
  ])('Referral: %s', (body) => {
    expect(rule(body)?.label).toBe('Referral');
    expect(label(body)).toBe('Referral');
  });

  it('"vet inte vem som sköter det" is no pointer; "det är Per som sköter det" is', () => {
    expect(rule('Jag har slutat och vet inte vem som sköter det.')?.label).toBe('Wrong person');
    expect(rule('Jag har slutat, det är Per som sköter det nu.')?.label).toBe('Referral');
    expect(rule('Jag har slutat använda sådana verktyg.')).toBeNull();
  });

  it('a disclaimer for the wrong recipient, and "ledig" meaning free, decide nothing', () => {
    expect(rule('Låter intressant!\n\nOm du inte är rätt mottagare, vänligen meddela avsändaren och radera meddelandet.')).toBeNull();
    expect(rule('Jag är ledig på torsdag kl 10, passar det?')).toBeNull();
  });
});
