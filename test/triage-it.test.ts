import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature, ownText } from '../src/triage/local/strip.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'R: Domanda veloce',
  bodyText,
  fromEmail: 'giulia.rossi@example.it',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'R: Domanda veloce') => matchRules(subject, stripQuoted(body), ownText(body), 'giulia.rossi@example.it');

describe('it: stripQuoted', () => {
  const cases: [string, string][] = [
    ['Gmail', 'Non fa per noi.\n\nIl giorno mar 4 mar 2025 alle ore 10:12 Tom Becker <tom@northwind.io> ha scritto:\n> Ti andrebbe una demo?'],
    ['Gmail wrapped', 'Non fa per noi.\n\nIl giorno mar 4 mar 2025 alle ore 10:12 Tom Becker <\ntom@northwind.io> ha scritto:\n> Ti andrebbe una demo?'],
    ['Apple Mail', 'Non fa per noi.\n\nIl giorno 4 mar 2025, alle ore 10:12, Tom Becker <tom@northwind.io> ha scritto:\n\n> Ti andrebbe una demo?'],
    ['Thunderbird', 'Non fa per noi.\n\nIl 04/03/2025 10:12, Tom Becker ha scritto:\n> Ti andrebbe una demo?'],
    ['In data', 'Non fa per noi.\n\nIn data 4 marzo 2025 10:12, Tom Becker <tom@northwind.io> ha scritto:\n> Ti andrebbe una demo?'],
    [
      'Outlook',
      'Non fa per noi.\n\nDa: Tom Becker <tom@northwind.io>\nInviato: martedì 4 marzo 2025 10:12\nA: Giulia Rossi <giulia.rossi@example.it>\nOggetto: Domanda veloce\n\nTi andrebbe una demo?',
    ],
    [
      'Outlook with rule',
      'Non fa per noi.\n\n________________________________\nDa: Tom Becker <tom@northwind.io>\nData: 4 marzo 2025 10:12\nA: Giulia Rossi\nOggetto: Domanda veloce\n\nTi andrebbe una demo?',
    ],
    ['Messaggio originale', 'Non fa per noi.\n\n-----Messaggio originale-----\nDa: Tom\nTi andrebbe una demo?'],
    ['Messaggio inoltrato', 'Non fa per noi.\n\n---------- Messaggio inoltrato ---------\nDa: Tom Becker <tom@northwind.io>\nTi andrebbe una demo?'],
    ['Apple Mail forward', 'Non fa per noi.\n\nInizio messaggio inoltrato:\n\nDa: Tom Becker <tom@northwind.io>\nTi andrebbe una demo?'],
    ['mobile footer', 'Non fa per noi.\n\nInviato da iPhone'],
    ['mobile footer Samsung', 'Non fa per noi.\n\nInviato dal mio smartphone Samsung Galaxy.'],
    ['Outlook mobile footer', 'Non fa per noi.\n\nScarica Outlook per Android'],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe('Non fa per noi.');
  });

  it('keeps a reply that only mentions writing', () => {
    expect(stripQuoted('Il mio collega mi ha detto che ci avete scritto.\nNon fa per noi.')).toBe('Il mio collega mi ha detto che ci avete scritto.\nNon fa per noi.');
  });
});

describe('it: cutSignature', () => {
  it.each(['Cordiali saluti', 'Distinti saluti', 'Un saluto,', 'Saluti', 'Grazie mille!', 'Buona giornata', 'Cordialità', 'A presto', 'Rimango a disposizione.'])('cuts at "%s"', (off) => {
    expect(cutSignature(`Buongiorno,\n\nnon siamo interessati.\n\n${off}\nMarco Rossi\nDirettore Commerciale\nRossi Impianti S.r.l.`)).toBe('Buongiorno,\n\nnon siamo interessati.');
  });
  it('leaves a line that only starts like a sign-off', () => {
    const text = 'Buongiorno,\n\nnon siamo interessati.\nGrazie per aver pensato a noi.';
    expect(cutSignature(text)).toBe(text);
  });
});

describe('it: outOfOfficeUntil', () => {
  const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
  it.each([
    ['Sono in ferie, rientro in ufficio il 10 marzo.', '2025-03-10'],
    ['Sarò fuori ufficio fino al 14/03/2025 compreso.', '2025-03-14'],
    ["Sarò assente fino all'8 aprile.", '2025-04-08'],
    ['Sono in trasferta, rientrerò lunedì.', '2025-03-03'],
    ['Sono fuori sede oggi, rientro domani.', '2025-03-02'],
    ['Sono in ferie dal 3 al 21 marzo, con accesso limitato alla posta.', '2025-03-21'],
    ['Sarò di nuovo in ufficio giovedì 13 marzo.', '2025-03-13'],
    ['Sono in congedo fino a venerdì.', '2025-03-07'],
    ['Sarò assente fino al 20.03.2025.', '2025-03-20'],
  ])('%s → %s', (text, iso) => {
    expect(outOfOfficeUntil(text, received)?.toISOString().slice(0, 10)).toBe(iso);
  });
  it('a closing over new year is in the next year', () => {
    expect(outOfOfficeUntil('Ufficio chiuso per le festività. Riapriremo il 7 gennaio.', new Date('2025-12-20T10:00:00Z'))?.toISOString().slice(0, 10)).toBe('2026-01-07');
  });
  it('reads the reply, not the quoted history', () => {
    expect(
      outOfOfficeUntil('Rientro il 9 marzo.\n\nIl giorno ven 28 feb 2025 alle ore 10:00 Tom <tom@northwind.io> ha scritto:\n> Ci sentiamo il 20 marzo?', received)?.toISOString().slice(0, 10),
    ).toBe('2025-03-09');
  });
});

describe('it: rules', () => {
  const cases: [string, string, string, string?][] = [
    ['Bounce', 'Exchange', "Impossibile recapitare il messaggio a questi destinatari o gruppi:\n\ngiulia@example.it\nL'indirizzo di posta elettronica immesso non è stato trovato."],
    ['Bounce', 'Gmail', "Indirizzo non trovato\n\nIl tuo messaggio non è stato recapitato a giulia@example.it perché l'indirizzo non è stato trovato."],
    ['Bounce', 'qmail', 'Ciao. Questo è il programma qmail-send presso mail.example.it.\nMi dispiace, ma non sono riuscito a consegnare il tuo messaggio ai seguenti indirizzi.'],
    ['Bounce', 'subject', 'Il server remoto ha rifiutato il messaggio.', 'Non recapitabile: Domanda veloce'],
    ['Bounce', 'PEC', 'Avviso di mancata consegna\nIl messaggio è stato rifiutato dal sistema.', 'AVVISO DI MANCATA CONSEGNA: Domanda veloce'],
    ['Out of office', 'subject', 'Grazie per il messaggio.', 'Risposta automatica: Domanda veloce'],
    ['Out of office', 'fuori ufficio', 'Grazie per il messaggio. Sono fuori ufficio fino al 10 marzo con accesso limitato alla posta.'],
    ['Out of office', 'maternità', 'Sono in congedo di maternità fino a settembre. Per urgenze scrivere a info@example.it.'],
    ['Out of office', 'chiusura', 'I nostri uffici resteranno chiusi per ferie dal 9 al 25 agosto.'],
    ['Unsubscribe', 'cancellatemi', 'Cancellatemi dalla vostra lista, grazie.'],
    ['Unsubscribe', 'non contattatemi più', 'Non sono interessato, non contattatemi più.'],
    ['Unsubscribe', 'GDPR', 'Vi chiedo di cancellare i miei dati e di togliermi dai vostri elenchi.'],
    ['Unsubscribe', 'non voglio ricevere', 'Non voglio più ricevere queste email.'],
    ['Wrong person', 'left', "Non lavoro più in Tecnoservice dall'anno scorso."],
    ['Wrong person', 'not the right person', 'Non sono la persona giusta e non so chi se ne occupi, mi spiace.'],
    ['Wrong person', 'left, update your contacts', "Ho lasciato l'azienda a marzo. Aggiorni i suoi contatti, per favore."],
    ['Referral', 'colleague named', 'Non sono la persona giusta, si rivolga al collega Luca Ricci.'],
    ['Referral', 'successor address', 'Ho lasciato la società a gennaio. Il mio sostituto è Paolo Mancini, paolo.mancini@example.it.'],
    ['Referral', 'forwarded', 'Non è di mia competenza, ho inoltrato la sua mail all’ufficio acquisti.'],
  ];
  it.each(cases)('%s (%s)', (expected, _, body, subject) => {
    expect(rule(body, subject)?.label).toBe(expected);
    expect(label(body, subject ? { subject } : {})).toBe(expected);
  });

  it('does not fire on ordinary replies', () => {
    for (const body of [
      'Interessante, mi racconti qualcosa in più.',
      'Volentieri, le va bene martedì alle 15 per una call?',
      'Quanto costa per 20 utenti?',
      'Non siamo interessati, grazie.',
      'Mi scriva pure a questo indirizzo quando ha il preventivo.',
    ])
      expect(rule(body), body).toBeNull();
  });

  it('an automatic reply saying the person left is Wrong person, not Out of office', () => {
    const d = categorise(reply('Grazie per la sua email. Non lavoro più presso Tecnoservice e questa casella non è più controllata.', { headers: { 'auto-submitted': 'auto-replied' } }));
    expect(d).toMatchObject({ label: 'Wrong person', source: 'header' });
  });
});
