import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature, ownText } from '../src/triage/local/strip.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'VS: Lyhyt kysymys',
  bodyText,
  fromEmail: 'mikko.virtanen@kalevarakennus.fi',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'VS: Lyhyt kysymys') => {
  const stripped = stripQuoted(body);
  return matchRules(subject, stripped, ownText(stripped), 'mikko.virtanen@kalevarakennus.fi');
};

describe('fi: stripQuoted', () => {
  const cases: [string, string][] = [
    ['Gmail', 'Ei kiitos.\n\nti 4. maalisk. 2025 klo 10.12 Tom Lindqvist (tom@northwind.io) kirjoitti:\n> Olisiko teillä kiinnostusta demoon?'],
    ['Gmail numeric', 'Ei kiitos.\n\nti 4.3.2025 klo 10.12 Tom Lindqvist <tom@northwind.io> kirjoitti:\n> Demo?'],
    ['Gmail wrapped', 'Ei kiitos.\n\nti 4. maalisk. 2025 klo 10.12 Tom Lindqvist <\ntom@northwind.io> kirjoitti:\n> Demo?'],
    ['Apple Mail', 'Ei kiitos.\n\n4.3.2025 kello 10.12, Tom Lindqvist <tom@northwind.io> kirjoitti:\n\n> Demo?'],
    ['iOS name first', 'Ei kiitos.\n\nTom Lindqvist <tom@northwind.io> kirjoitti 4.3.2025 kello 10.12:\n> Demo?'],
    ['Thunderbird', 'Ei kiitos.\n\n4.3.2025 10.12, Tom Lindqvist kirjoitti:\n> Demo?'],
    ['Thunderbird month name', 'Ei kiitos.\n\n4. maaliskuuta 2025 10.12, Tom Lindqvist kirjoitti:\n> Demo?'],
    [
      'Outlook block',
      'Ei kiitos.\n\nLähettäjä: Tom Lindqvist <tom@northwind.io>\nLähetetty: tiistai 4. maaliskuuta 2025 10.12\nVastaanottaja: Mikko Virtanen <mikko.virtanen@kalevarakennus.fi>\nAihe: Lyhyt kysymys\n\nOlisiko teillä kiinnostusta demoon?',
    ],
    ['Outlook block with Kopio', 'Ei kiitos.\n\n________________________________\nLähettäjä: Tom Lindqvist <tom@northwind.io>\nKopio: Anna Laine\nAihe: Lyhyt kysymys\n\nDemo?'],
    ['Outlook block without accents', 'Ei kiitos.\n\nLahettaja: Tom Lindqvist <tom@northwind.io>\nLahetetty: 4. maaliskuuta 2025 10.12\nAihe: Demo'],
    ['original message', 'Ei kiitos.\n\n-----Alkuperäinen viesti-----\nLähettäjä: Tom\nDemo?'],
    ['Gmail forward', 'Ei kiitos.\n\n---------- Välitetty viesti ---------\nLähettäjä: Tom Lindqvist <tom@northwind.io>\nDemo?'],
    ['Apple forward', 'Ei kiitos.\n\nVälitetty viesti alkaa:\n\nLähettäjä: Tom Lindqvist <tom@northwind.io>\nDemo?'],
    ['iPhone footer', 'Ei kiitos.\n\nLähetetty iPhonesta'],
    ['Outlook mobile footer', 'Ei kiitos.\n\nHanki Outlook for Android'],
    ['Samsung footer', 'Ei kiitos.\n\nLähetetty Samsung Galaxy -älypuhelimesta'],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe('Ei kiitos.');
  });

  it('keeps a reply that only mentions writing', () => {
    const text = 'Hei Tom,\n\nkollegani kirjoitti asiasta jo aiemmin, mutta ei kiinnosta.\n\nTerveisin\nMikko';
    expect(stripQuoted(text)).toBe(text);
  });
});

describe('fi: cutSignature', () => {
  it.each([
    ['Ystävällisin terveisin', 'Ystävällisin terveisin\nMikko Virtanen\nToimitusjohtaja\nKaleva Rakennus Oy'],
    ['Terveisin', 'Terveisin\nAnna'],
    ['Parhain terveisin', 'Parhain terveisin\nAnna Laine'],
    ['Kiittäen', 'Kiittäen\nMarkku Lehtonen\nHankintapäällikkö'],
    ['T. on its own line', 'T.\nJussi'],
    ['t. with the name', 't. Jussi'],
    ['Terv. with the name', 'Terv. Antti Koskinen'],
    ['Yst. terv.', 'Yst. terv.\nRiikka'],
    ['Hyvää päivänjatkoa', 'Hyvää päivänjatkoa!\nHenna'],
    ['Kevätterveisin', 'Kevätterveisin\nSatu'],
  ])('cuts at %s', (_, signature) => {
    expect(cutSignature(`Hei,\n\nei kiitos.\n\n${signature}`)).toBe('Hei,\n\nei kiitos.');
  });
  it('leaves a text without sign-off alone', () => {
    expect(cutSignature('Hei,\n\nei kiitos, meillä on tämä jo hoidossa.')).toBe('Hei,\n\nei kiitos, meillä on tämä jo hoidossa.');
  });
});

describe('fi: outOfOfficeUntil', () => {
  const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
  it.each([
    ['Olen lomalla ja palaan toimistolle 17. maaliskuuta.', '2025-03-17'],
    ['Olen vuosilomalla 14. maaliskuuta asti.', '2025-03-14'],
    ['Olen poissa toimistolta ja palaan 20.3.2025.', '2025-03-20'],
    ['Olen poissa 12.3. saakka ja luen sähköpostia rajoitetusti.', '2025-03-12'],
    ['Olen poissa toimistolta 3.–14.3.2025.', '2025-03-14'],
    ['Olen lomalla 3.3.-9.3. ja luen sähköpostia rajoitetusti.', '2025-03-09'],
    ['Olen koulutuksessa ja tavoitettavissa jälleen keskiviikkona.', '2025-03-05'],
    ['Olen koulutuksessa perjantaihin asti.', '2025-03-07'],
    ['Olen tänään poissa, palaan huomenna.', '2025-03-02'],
    ['Olen tavoitettavissa 17.3. alkaen.', '2025-03-17'],
    ['Olen poissa, mutta 11.3. alkaen olen taas toimistolla.', '2025-03-11'],
    ['Palaan töihin maanantaina 10.3.', '2025-03-10'],
    ['Olen lomalla huhtikuun 7. päivään asti.', '2025-04-07'],
    ['Paluupäiväni on 2.4.2025.', '2025-04-02'],
  ])('%s → %s', (text, iso) => {
    expect(outOfOfficeUntil(text, received)?.toISOString().slice(0, 10)).toBe(iso);
  });

  it('takes the return date, not the first day away', () => {
    expect(outOfOfficeUntil('Olen lomalla 3.3. alkaen ja palaan toimistolle 24.3.', received)?.toISOString().slice(0, 10)).toBe('2025-03-24');
  });
  it('gives null without a date', () => {
    expect(outOfOfficeUntil('Olen lomalla ja luen sähköpostia rajoitetusti.', received)).toBeNull();
  });
});

describe('fi: rules', () => {
  it.each([
    ['Exchange Online', "Viestiäsi ei voitu toimittaa\n\nVastaanottajan anna@x.fi sähköpostijärjestelmä ei löytänyt osoitetta.\n\nRemote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'"],
    ['Outlook', 'Toimitus seuraaville vastaanottajille tai ryhmille epäonnistui:\n\nanna@x.fi'],
    ['Gmail', 'Osoitetta ei löydy\n\nViestiäsi ei toimitettu osoitteeseen anna@x.fi, koska osoitetta ei löytynyt tai se ei pysty vastaanottamaan viestejä.'],
    ['mailbox full', 'Viestiä ei voitu toimittaa vastaanottajalle anna@x.fi, koska vastaanottajan postilaatikko on täynnä.'],
  ])('Bounce: %s', (_, body) => {
    expect(rule(body)?.label).toBe('Bounce');
    expect(label(body)).toBe('Bounce');
  });
  it('Bounce by subject', () => {
    expect(rule('—', 'Ei voida toimittaa: Lyhyt kysymys')?.label).toBe('Bounce');
  });

  it.each([
    'Kiitos viestistäsi. Olen poissa toimistolta 14.3. asti ja luen sähköpostia rajoitetusti.',
    'Olen vuosilomalla ja palaan toimistolle maanantaina 17.3.',
    'Hei, olen isyysvapaalla kesäkuun loppuun. Kiireellisissä asioissa: anna.laine@x.fi',
    'Toimistomme on suljettu 23.12.–6.1. Palvelemme jälleen 7.1.',
  ])('Out of office: %s', (body) => {
    expect(rule(body)?.label).toBe('Out of office');
    expect(label(body)).toBe('Out of office');
  });
  it('Out of office by subject', () => {
    expect(rule('Kiitos viestistäsi.', 'Automaattinen vastaus: Lyhyt kysymys')?.label).toBe('Out of office');
  });
  it("a person talking about next week's holiday is not an absence notice", () => {
    expect(rule('Olen lomalla ensi viikon, mutta sitä seuraava tiistai käy palaverille.')).toBeNull();
    expect(rule('Olen lomalla heinäkuun, joten jutellaan elokuussa.')).toBeNull();
  });

  it.each([
    'Poistakaa minut postituslistaltanne.',
    'Ei kiinnosta. Älkää ottako minuun enää yhteyttä.',
    'Pyydän poistamaan tietoni rekisteristänne GDPR:n mukaisesti.',
    'En halua enää näitä viestejä.',
    'Älkää lähettäkö enää mitään tähän osoitteeseen.',
    'Poistathan minut listoiltasi, kiitos.',
  ])('Unsubscribe: %s', (body) => {
    expect(rule(body)?.label).toBe('Unsubscribe');
    expect(label(body)).toBe('Unsubscribe');
  });

  it.each([
    'Hei,\n\nen ole enää töissä Kaleva Rakennus Oy:ssä.\n\nTerveisin\nMikko',
    'En työskentele enää yrityksessä, enkä tiedä kuka meillä hoitaa näitä.',
    'En ole oikea henkilö tähän, enkä valitettavasti tiedä, kuka olisi.',
    'Tämä ei kuulu tehtäviini, enkä osaa neuvoa eteenpäin.',
    'Olen jäänyt eläkkeelle viime vuonna.',
  ])('Wrong person: %s', (body) => {
    expect(rule(body)?.label).toBe('Wrong person');
  });

  it.each([
    'En työskentele enää yrityksessä. Seuraajani on Anna Laine, anna.laine@kalevarakennus.fi.',
    'En ole oikea henkilö tähän, ota yhteyttä kollegaani Jussiin.',
    'Tämä ei kuulu minun vastuualueeseeni. Markkinoinnista vastaa nykyisin Heidi Salminen.',
    'Olen jäänyt eläkkeelle. Tehtäviäni hoitaa nyt Kaisa Nieminen.',
    'En ole oikea henkilö, mutta Heidi meidän markkinoinnista varmasti on.',
  ])('Referral: %s', (body) => {
    expect(rule(body)?.label).toBe('Referral');
    expect(label(body)).toBe('Referral');
  });

  it("a signature's address is not a pointer elsewhere", () => {
    expect(rule('En ole enää töissä yrityksessä.\n\nTerveisin\nMikko Virtanen\nmikko@toinenfirma.fi')?.label).toBe('Wrong person');
  });

  it('ordinary replies trigger no rule', () => {
    for (const body of [
      'Kiitos, mutta en ole enää kiinnostunut tästä.',
      'Sopisiko tiistaina klo 14?',
      'Paljonko tämä maksaa?',
      'Ei juuri nyt, ehkä ensi kvartaalilla.',
      'Poistimme vanhan järjestelmän viime vuonna, joten tämä voisi kiinnostaa.',
      'Älä ota tätä henkilökohtaisesti, mutta ei kiinnosta.',
    ])
      expect(rule(body), body).toBeNull();
  });
});
