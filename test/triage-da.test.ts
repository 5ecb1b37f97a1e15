import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature, ownText } from '../src/triage/local/strip.ts';

// Danish: written for this test, apart from the corpus (bin/triage-corpus/da.ts).
const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'SV: Hurtigt spørgsmål',
  bodyText,
  fromEmail: 'mette.jensen@example.dk',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'SV: Hurtigt spørgsmål') => matchRules(subject, stripQuoted(body), ownText(body), 'mette.jensen@example.dk');

describe('da: stripQuoted', () => {
  const cases: [string, string][] = [
    ['gmail', 'Ikke for os.\n\nDen tir. 4. mar. 2025 kl. 10.12 skrev Tom Becker <tom@northwind.io>:\n> Kunne en demo være interessant?'],
    ['gmail wrapped', 'Ikke for os.\n\nDen tir. 4. mar. 2025 kl. 10.12 skrev Tom Becker <\ntom@northwind.io>:\n> Kunne en demo være interessant?'],
    ['outlook.com', 'Ikke for os.\n\nDen 4. mar. 2025 kl. 10.12 skrev Tom Becker <tom@northwind.io> følgende:\n\n> Kunne en demo være interessant?'],
    ['apple mail, no address', 'Ikke for os.\n\n4. mar. 2025 kl. 10.12 skrev Tom Becker:\n\n> Kunne en demo være interessant?'],
    ['thunderbird', 'Ikke for os.\n\nDen 04.03.2025 kl. 10.12 skrev Tom Becker:\n> Kunne en demo være interessant?'],
    [
      'outlook',
      'Ikke for os.\n\nFra: Tom Becker <tom@northwind.io>\nSendt: 4. marts 2025 10:12\nTil: Mette Jensen <mette.jensen@example.dk>\nEmne: Hurtigt spørgsmål\n\nKunne en demo være interessant?',
    ],
    [
      'outlook, dato and cc',
      'Ikke for os.\n\n________________________________\nFra: Tom Becker\nDato: tirsdag den 4. marts 2025 kl. 10.12\nCc: Lars\nEmne: Hurtigt spørgsmål\n\nKunne en demo være interessant?',
    ],
    ['original message', 'Ikke for os.\n\n-----Oprindelig meddelelse-----\nFra: Tom\nKunne en demo være interessant?'],
    ['gmail forward', 'Ikke for os.\n\n---------- Videresendt meddelelse ---------\nFra: Tom Becker <tom@northwind.io>\nKunne en demo være interessant?'],
    ['apple forward', 'Ikke for os.\n\nStart på videresendt besked:\n\nFra: Tom Becker\nKunne en demo være interessant?'],
    ['mobile footers', 'Ikke for os.\n\nSendt fra min iPhone\nHent Outlook til Android\nSendt fra min Samsung Galaxy-smartphone.'],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe('Ikke for os.');
  });

  it('keeps a line that only looks like a date', () => {
    expect(stripQuoted('4. marts 2025 passer fint til et møde.')).toBe('4. marts 2025 passer fint til et møde.');
  });
});

describe('da: cutSignature', () => {
  it.each(['Med venlig hilsen', 'Venlig hilsen', 'Venlige hilsner', 'Bedste hilsner', 'Mvh', 'Vh', 'Kærlig hilsen', 'Hilsen', 'Rigtig god weekend!', 'På forhånd tak', '/Mette'])(
    'cuts at "%s"',
    (off) => {
      expect(cutSignature(`Ikke for os.\n\n${off}\nMette Jensen\nSalgschef | Skovgaard Byg A/S\nTlf. 40 12 34 56`)).toBe('Ikke for os.');
    },
  );
  it('keeps a sentence that starts like a sign-off', () => {
    expect(cutSignature('Hej\nHilsen fra Lars: vi er interesserede.')).toBe('Hej\nHilsen fra Lars: vi er interesserede.');
  });
});

describe('da: outOfOfficeUntil', () => {
  const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
  it.each([
    ['Jeg er på ferie og tilbage den 17. marts.', '2025-03-17'],
    ['Jeg er tilbage mandag den 10. marts 2025.', '2025-03-10'],
    ['Jeg holder ferie til og med 14.03.2025 og læser ikke mails.', '2025-03-14'],
    ['Jeg er fraværende frem til 12. marts.', '2025-03-12'],
    ['Jeg er på barsel indtil 30/4.', '2025-04-30'],
    ['Jeg er på kontoret igen onsdag.', '2025-03-05'],
    ['Jeg er syg i dag, men tilbage i morgen.', '2025-03-02'],
    ['Jeg kan træffes igen fra den 20. marts.', '2025-03-20'],
    ['Jeg holder vinterferie t.o.m. 7. marts og er tilbage mandag den 10. marts.', '2025-03-10'],
  ])('%s → %s', (text, iso) => {
    expect(outOfOfficeUntil(text, received)?.toISOString().slice(0, 10)).toBe(iso);
  });
});

describe('da: rules and categorise', () => {
  it.each([
    ['Levering til disse modtagere eller grupper mislykkedes:\n\nmette@example.dk\nDen mailadresse, du har angivet, blev ikke fundet.', 'SV: Hurtigt spørgsmål'],
    ['Adressen blev ikke fundet\n\nDin meddelelse blev ikke leveret til mette@example.dk, fordi adressen ikke blev fundet.', 'Delivery Status Notification (Failure)'],
    ['Din meddelelse til mette@example.dk kunne ikke leveres.', 'SV: Hurtigt spørgsmål'],
    ['Hej Tom, se nedenfor.', 'Uanbringelig: Hurtigt spørgsmål'],
  ])('Bounce: %s', (body, subject) => {
    expect(rule(body, subject)?.label).toBe('Bounce');
    expect(label(body, { subject })).toBe('Bounce');
  });

  it.each([
    ['Tak for din mail. Jeg er på ferie til og med den 14. marts og har begrænset adgang til mail.', 'SV: Hurtigt spørgsmål'],
    ['Jeg er pt. på barsel. Din mail bliver ikke videresendt.', 'SV: Hurtigt spørgsmål'],
    ['Tak for din mail, jeg vender tilbage.', 'Automatisk svar: Hurtigt spørgsmål'],
    ['Hej, jeg er tilbage den 3. marts.', 'Fraværende: Hurtigt spørgsmål'],
  ])('Out of office: %s', (body, subject) => {
    expect(rule(body, subject)?.label).toBe('Out of office');
    expect(label(body, { subject })).toBe('Out of office');
  });

  it.each([
    'Hej, fjern mig venligst fra jeres mailliste. Tak.',
    'Slet mine oplysninger, og kontakt mig ikke igen.',
    'Ikke interesseret, og jeg ønsker ikke at modtage flere mails.',
    'Afmeld.',
    'Jeg frabeder mig yderligere henvendelser.',
  ])('Unsubscribe: %s', (body) => {
    expect(rule(body)?.label).toBe('Unsubscribe');
    expect(label(body)).toBe('Unsubscribe');
  });

  it.each([
    'Hej\n\nJeg arbejder ikke længere hos Skovgaard Byg, så mailen er havnet forkert.\n\nMvh\nMette',
    'Du har fat i den forkerte person, jeg har intet med indkøb at gøre.',
    'Jeg er stoppet i firmaet og ved desværre ikke, hvem der har overtaget.',
  ])('Wrong person: %s', (body) => {
    expect(rule(body)).toMatchObject({ label: 'Wrong person', strength: 'soft' });
    expect(label(body)).toBe('Wrong person');
  });

  it.each([
    'Jeg arbejder ikke længere i virksomheden, henvend dig til Lars Holm i stedet.',
    'Jeg er ikke den rette person til det her, tal med min kollega Sofie.',
    'Jeg er stoppet hos Skovgaard. Min efterfølger kan fanges på pia.lund@example.dk.',
    'Det er ikke mit område, Kasper i marketing tager sig af den slags.',
  ])('Referral: %s', (body) => {
    expect(rule(body)?.label).toBe('Referral');
    expect(label(body)).toBe('Referral');
  });

  it('"ved ikke, hvem der står for det" is no pointer; "Det er Lars, der står for" is', () => {
    expect(rule('Jeg er stoppet og ved ikke, hvem der står for det nu.')?.label).toBe('Wrong person');
    expect(rule('Jeg er stoppet og ved ikke, hvem der har overtaget.')?.label).toBe('Wrong person');
    expect(rule('Din mail til mig er havnet forkert, jeg er stoppet hos dem.')?.label).toBe('Wrong person');
    expect(rule('Jeg er stoppet. Det er Lars, der står for indkøb nu.')?.label).toBe('Referral');
  });

  it('a disclaimer for the wrong recipient, and "forvekslet mig", decide nothing', () => {
    expect(rule('Lyder spændende!\n\nHvis du ikke er den rette modtager, bedes du straks give afsenderen besked og slette e-mailen.')).toBeNull();
    expect(rule('Du må have forvekslet mig med en anden.')).toBeNull();
  });
});
