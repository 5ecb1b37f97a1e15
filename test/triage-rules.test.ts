// Phrases that decide Unsubscribe and Out of office outright (src/triage/local/rules.ts and
// languages/*.ts), each sentence written for this test: the ways of saying "stop" and "I'm away"
// that the classifier missed on statements it had not seen (the training split's folds,
// docs/triage.md "Rules from the folds"), and near-misses that must stay with the classifier.
import { describe, expect, it } from 'vitest';
import { categorise } from '../src/triage/local/index.ts';
import { matchRules, MAX_PATTERN, Phrases } from '../src/triage/local/rules.ts';
import { ownText, stripQuoted } from '../src/triage/local/strip.ts';

const rule = (body: string) => matchRules('Re: Quick question', stripQuoted(body), ownText(body), 'someone@example.com');
const decide = (bodyText: string) => categorise({ subject: 'Re: Quick question', bodyText, fromEmail: 'someone@example.com', receivedAt: '2026-03-01T09:00:00Z' });

const UNSUBSCRIBE: [string, string][] = [
  ['en', 'Opt me out, please.'],
  ['en', 'Call off the follow-ups, I am not buying.'],
  ['en', 'I am exercising my right to erasure.'],
  ['en', 'Please delete everything you hold on us.'],
  ['en', 'Stop these automated emails.'],
  ['en', 'Never asked for this. Remove me.'],
  ['en', 'Wrong person here, and please delete my address.'],
  ['de', 'Hiermit widerrufe ich meine Einwilligung zur Werbung per E-Mail.'],
  ['de', 'Ab sofort Funkstille, danke.'],
  ['de', 'Schreiben Sie mir nie wieder.'],
  ['de', 'Ich untersage Ihnen jede weitere Nutzung meiner Adresse.'],
  ['de', 'Bitte keine Mails mehr an diese Adresse.'],
  ['de', 'Ich wünsche keine weiteren Nachrichten.'],
  ['fr', "Ne m'envoyez plus vos offres."],
  ['fr', 'Supprimez simplement mes coordonnées, merci.'],
  ['es', 'Me opongo a recibir publicidad.'],
  ['es', 'Ni un correo más, gracias.'],
  ['es', 'No escribáis más a esta cuenta.'],
  ['nl', 'Stuur me niets meer, alsjeblieft.'],
  ['nl', 'Hoe schrijf ik me uit?'],
  ['nl', 'Graag van de lijst af.'],
  ['it', 'Non mandate più nulla a questo indirizzo.'],
  ['pl', 'Zostawcie moją skrzynkę w spokoju.'],
  ['pt', 'Não voltem a enviar nada para este endereço.'],
  ['sv', 'Spärra min adress, tack.'],
  ['da', 'Jeg ønsker ikke at blive kontaktet igen.'],
  ['fi', 'Jättäkää minut rauhaan.'],
  ['cs', 'Nechte mě na pokoji.'],
  ['cs', 'Do dalších kampaní mě nezařazujte.'],
  // the 2026-11-29 folds
  ['en', 'Off the list for me, please.'],
  ['en', 'Do not contact this inbox again.'],
  ['de', 'Könnten Sie aufhören, mir diese Newsletter zu schicken?'],
  ['fr', "Merci de m'enlever de vos envois."],
  ['fr', 'Je ne veux plus rien recevoir de votre part.'],
  ['es', 'No me mandéis nada más, por favor.'],
  ['es', 'No quiero seguir en vuestras listas de correo.'],
  ['nl', 'Graag mij niet langer te contacteren.'],
  ['it', 'Vi chiedo di non ricontattarmi.'],
  ['pl', 'Proszę przestać mi przysyłać te oferty.'],
  ['pt', 'Risquem o meu contacto, obrigado.'],
  ['fi', 'Miten pääsen pois tältä listalta?'],
  ['da', 'Jeg vil gerne frameldes, tak.'],
  ['cs', 'Zapomeňte na tuhle adresu, díky.'],
  // the folds again, 2026-11-29 (later)
  ['en', 'Kindly delete this address from your CRM.'],
  ['en', 'I object to the processing of my data for marketing.'],
  ['fr', 'Lâchez-moi avec vos e-mails automatiques.'],
  ['nl', 'Haal mijn e-mailadres uit jullie systeem.'],
  ['nl', 'Neem mij niet meer op in jullie campagnes.'],
  ['nl', 'Schrap me alsjeblieft.'],
  ['pl', 'Nie życzę sobie ofert handlowych.'],
  ['pl', 'Takich maili sobie nie życzę.'],
  ['pl', 'Usuńcie natychmiast mój adres.'],
  ['pt', 'Quero ser removida da lista.'],
  ['pt', 'Excluam-me da vossa base de dados.'],
  ['sv', 'Stoppa alla utskicken till mig.'],
  ['fi', 'Voisitteko lopettaa mainosten lähettämisen?'],
  ['fi', 'Osoitteeni saa poistaa rekisteristä.'],
  ['cs', 'Moji adresu pryč z vašich seznamů.'],
];

const AWAY: [string, string][] = [
  ['en', 'Our office is closed until Monday.'],
  ['de', 'Wir sind diese Woche auf Klausurtagung.'],
  ['de', 'Ich nehme bis Freitag an einer Schulung teil.'],
  ['fr', "En congés, pas d'accès à mes mails."],
  ['es', 'La oficina permanece cerrada hasta el lunes.'],
  ['nl', 'Ik lig in het ziekenhuis.'],
  ['nl', 'Ik ben met zwangerschapsverlof tot september.'],
  ['it', 'Sono ricoverata, rispondo appena posso.'],
  ['pl', 'Mam dziś wolne.'],
  ['pt', 'Ausente hoje, respondo amanhã.'],
  ['sv', 'Jag är inlagd på sjukhus i två veckor.'],
  ['da', 'Jeg er indlagt på hospitalet.'],
  ['cs', 'Firma má celozávodní dovolenou do pátku.'],
  ['cs', 'Do pátku na dovolené, pak se ozvu.'],
  ['cs', 'Kancelář je přes svátky zavřená.'],
  // the folds again, 2026-11-29 (later)
  ['es', 'Estoy ingresada en el hospital esta semana.'],
  ['nl', 'Ons kantoor is gesloten tot maandag.'],
  ['de', 'Sabbatical bis Ende März, keine Vertretung.'],
  ['pl', 'Mam wolne do poniedziałku.'],
  ['sv', 'Jag är på kurs hela veckan.'],
  ['da', 'Kontoret er lukket i dag.'],
  ['da', 'Jeg kan ikke træffes før mandag.'],
];

describe('rules: Unsubscribe', () => {
  it.each(UNSUBSCRIBE)('%s: %s', (_, text) => {
    expect(rule(text)).toMatchObject({ label: 'Unsubscribe', strength: 'strong' });
  });
});

describe('rules: Out of office', () => {
  it.each(AWAY)('%s: %s', (_, text) => {
    expect(rule(text)).toMatchObject({ label: 'Out of office', strength: 'strong' });
  });
});

describe('rules: what stays with the classifier', () => {
  it.each([
    ['nl', 'Na mijn zwangerschapsverlof ben ik niet teruggekomen.'], // left, not away
    ['en', 'Remove the second slide and send the deck again?'],
    ['de', 'Die Einwilligung der Geschäftsführung fehlt noch, ich melde mich.'],
    ['fr', 'Les congés sont finis, on peut en parler mardi.'],
  ])('%s: %s', (_, text) => {
    expect(['Unsubscribe', 'Out of office']).not.toContain(rule(text)?.label);
  });
});

describe('rules: a holiday without e-mail is no request to stop', () => {
  // "keine E-Mails" alone says what someone away does not read; a request to stop says "mehr" or "weiteren"
  it.each([
    ['de', 'Ich bin bis Freitag im Urlaub und lese in dieser Zeit keine E-Mails.'],
    ['de', 'Bis zum 3. Juni bin ich nicht im Büro, ich bearbeite keine Mails.'],
  ])('%s: %s', (_, text) => {
    expect(rule(text)).toMatchObject({ label: 'Out of office' });
  });
});

describe('an absence phrase in a reply that asks to meet after it', () => {
  it.each([
    ['en', "I'm on holiday until the 12th, but let's book a call the week after. Tuesday at 10 works for me, send an invite."],
    ['de', 'Ich bin bis Freitag im Urlaub. Lassen Sie uns danach telefonieren, schicken Sie mir gern eine Einladung für Dienstag 10 Uhr.'],
    ['fr', "Je suis en congés jusqu'au 12, mais calons un appel la semaine suivante : mardi 10h, envoyez-moi une invitation."],
    ['es', 'Estoy de vacaciones hasta el día 12, pero hablemos la semana siguiente. ¿El martes a las 10? Mándame una invitación.'],
  ])('is a meeting request when the classifier is sure (%s)', (_, text) => {
    expect(decide(text)).toMatchObject({ label: 'Meeting request', source: 'classifier', reason: expect.stringContaining('over the absence phrase') });
  });

  it.each([
    ['en', "I'm on holiday until the 12th with no access to email. I will reply when I am back."],
    ['de', 'Ich bin bis Freitag im Urlaub und habe keinen Zugriff auf meine E-Mails.'],
  ])('stays an absence when it only says who is away (%s)', (_, text) => {
    expect(decide(text)).toMatchObject({ label: 'Out of office', source: 'rule' });
  });

  it('stays an absence when the subject says so, whatever the text', () => {
    const text = "I'm on holiday until the 12th, but let's book a call the week after. Tuesday at 10 works for me, send an invite.";
    expect(categorise({ subject: 'Automatic reply: Quick question', bodyText: text, fromEmail: 'someone@example.com', receivedAt: '2026-03-01T09:00:00Z' })).toMatchObject({ label: 'Out of office' });
  });
});

describe('rules: a long list of phrases', () => {
  it("is cut into patterns short enough for V8 to optimise, and finds a phrase of any of them from a word's start", () => {
    const phrases = new Phrases(Array.from({ length: 3000 }, (_, i) => `phrase number ${i} here`));
    expect(phrases.patterns.length).toBeGreaterThan(1);
    for (const p of phrases.patterns) expect(p.source.length).toBeLessThan(MAX_PATTERN + 20);
    expect(phrases.exec('so: phrase number 2999 here.')?.[0]).toBe('phrase number 2999 here');
    expect(phrases.exec('so: phrase number 0 here.')?.[0]).toBe('phrase number 0 here');
    expect(phrases.exec('xphrase number 7 here')).toBeNull();
    expect(phrases.exec('nothing of the kind')).toBeNull();
  });
});

describe('a short note of the day its sender is back', () => {
  it.each([
    ['en', 'Hi,\n\nBack on Monday.\n\nTom'],
    ['de', 'Zurück am Donnerstag.\n\nGruß\nJana'],
    ['es', 'Vuelvo el martes.\n\nSaludos'],
    ['nl', 'Terug op woensdag.'],
    ['sv', 'Hej!\n\nTillbaka på måndag.\n\nPer'],
  ])('is an absence (%s)', (_, text) => {
    expect(decide(text)).toMatchObject({ label: 'Out of office', source: 'rule' });
  });

  it('stays with the classifier when it is sure the note asks to meet, or when the reply says more', () => {
    expect(decide('Happy to meet again on Tuesday at 10, send an invite.')).toMatchObject({ label: 'Meeting request', source: 'classifier' });
    expect(decide('I am back on Monday and would love to see a demo of the product then, please send times.')).toMatchObject({ source: 'classifier' });
  });
});
