/**
 * What the mail clients write around a reply, per language: the outreach that was sent (Tom's
 * sequence has one step per language), the attribution lines Gmail, Apple Mail and Thunderbird
 * write above a quote, Outlook's header block, "Sent from my iPhone", reply prefixes.
 * The outreach went out Tuesday 3 March 2026, 09:14 Berlin time; each line is in the
 * recipient's own time zone as their client would print it.
 */
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pl' | 'pt' | 'sv' | 'da' | 'fi' | 'cs' | 'ru' | 'ja' | 'zh';

export interface Locale {
  subject: string;
  greeting: (first: string) => string;
  body: (company: string) => string;
  gmail: string;
  apple: string;
  thunderbird: string;
  iphone: string;
  outlookRe: string;
  ol: { from: string; sent: string; to: string; subject: string; date: string; original: string };
  getOutlook: string;
  oof: string;
}

export const TOM = { name: 'Tom Becker', addr: 'tom@northwind.io' };
export const TOM_SIG = 'Tom Becker\nAccount Executive | Northwind\n+49 30 5557 1234 | northwind.io';

const en: Locale = {
  subject: 'Stock sync between your webshop and ERP',
  greeting: (f) => `Hi ${f},`,
  body: (c) =>
    `I saw that ${c} sells both online and to wholesale partners. Most teams we speak with reconcile stock between the shop and the ERP by hand, once a day, in a spreadsheet.\n\nNorthwind keeps stock levels in sync across webshop, ERP and warehouse in real time, so nothing gets oversold. Fjordline cut oversells by 92% in their first month.\n\nWould a 20-minute call next week make sense?\n\nBest,\nTom`,
  gmail: 'On Tue, 3 Mar 2026 at 08:14, Tom Becker <tom@northwind.io> wrote:',
  apple: 'On 3 Mar 2026, at 08:14, Tom Becker <tom@northwind.io> wrote:',
  thunderbird: 'On 3/3/26 8:14 AM, Tom Becker wrote:',
  iphone: 'Sent from my iPhone',
  outlookRe: 'RE:',
  ol: { from: 'From:', sent: 'Sent:', to: 'To:', subject: 'Subject:', date: 'Tuesday, March 3, 2026 8:14 AM', original: '-----Original Message-----' },
  getOutlook: 'Get Outlook for iOS',
  oof: 'Automatic reply:',
};

export const LOCALES: Record<Lang, Locale> = {
  en,
  ru: en,
  ja: en,
  zh: en,
  de: {
    subject: 'Bestandsabgleich zwischen Webshop und ERP',
    greeting: (f) => `Hallo ${f},`,
    body: (c) =>
      `ich habe gesehen, dass ${c} sowohl online als auch an Großhändler verkauft. Die meisten Teams, mit denen wir sprechen, gleichen den Bestand zwischen Shop und ERP einmal am Tag per Hand in einer Tabelle ab.\n\nNorthwind hält die Bestände in Webshop, ERP und Lager in Echtzeit synchron, damit nichts mehr überverkauft wird. Fjordline hat Überverkäufe im ersten Monat um 92 % reduziert.\n\nHätten Sie nächste Woche 20 Minuten für ein kurzes Gespräch?\n\nViele Grüße\nTom`,
    gmail: 'Am Di., 3. März 2026 um 09:14 Uhr schrieb Tom Becker <tom@northwind.io>:',
    apple: 'Am 03.03.2026 um 09:14 schrieb Tom Becker <tom@northwind.io>:',
    thunderbird: 'Am 03.03.26 um 09:14 schrieb Tom Becker:',
    iphone: 'Von meinem iPhone gesendet',
    outlookRe: 'AW:',
    ol: { from: 'Von:', sent: 'Gesendet:', to: 'An:', subject: 'Betreff:', date: 'Dienstag, 3. März 2026 09:14', original: '-----Ursprüngliche Nachricht-----' },
    getOutlook: 'Outlook für iOS beziehen',
    oof: 'Automatische Antwort:',
  },
  fr: {
    subject: 'Synchronisation des stocks entre votre boutique en ligne et votre ERP',
    greeting: (f) => `Bonjour ${f},`,
    body: (c) =>
      `J'ai vu que ${c} vend à la fois en ligne et auprès de distributeurs. La plupart des équipes avec qui nous échangeons rapprochent les stocks entre la boutique et l'ERP à la main, une fois par jour, dans un tableur.\n\nNorthwind synchronise les stocks entre boutique en ligne, ERP et entrepôt en temps réel, pour ne plus vendre ce que vous n'avez pas. Fjordline a réduit ses ventes à découvert de 92 % dès le premier mois.\n\nAuriez-vous 20 minutes la semaine prochaine pour en parler ?\n\nBien cordialement,\nTom`,
    gmail: 'Le mar. 3 mars 2026 à 09:14, Tom Becker <tom@northwind.io> a écrit :',
    apple: 'Le 3 mars 2026 à 09:14, Tom Becker <tom@northwind.io> a écrit :',
    thunderbird: 'Le 03/03/2026 à 09:14, Tom Becker a écrit :',
    iphone: 'Envoyé de mon iPhone',
    outlookRe: 'RE :',
    ol: { from: 'De :', sent: 'Envoyé :', to: 'À :', subject: 'Objet :', date: 'mardi 3 mars 2026 09:14', original: "-----Message d'origine-----" },
    getOutlook: 'Télécharger Outlook pour iOS',
    oof: 'Réponse automatique :',
  },
  es: {
    subject: 'Sincronización de stock entre su tienda online y el ERP',
    greeting: (f) => `Hola, ${f}:`,
    body: (c) =>
      `He visto que ${c} vende tanto online como a distribuidores. La mayoría de los equipos con los que hablamos cuadran el stock entre la tienda y el ERP a mano, una vez al día, en una hoja de cálculo.\n\nNorthwind mantiene sincronizado el stock de la tienda online, el ERP y el almacén en tiempo real, para que no se venda nada que no tenga. Fjordline redujo las sobreventas un 92 % en el primer mes.\n\n¿Tendría 20 minutos la semana que viene para una llamada?\n\nUn saludo,\nTom`,
    gmail: 'El mar, 3 mar 2026 a las 9:14, Tom Becker (<tom@northwind.io>) escribió:',
    apple: 'El 3 mar 2026, a las 9:14, Tom Becker <tom@northwind.io> escribió:',
    thunderbird: 'El 3/3/26 a las 9:14, Tom Becker escribió:',
    iphone: 'Enviado desde mi iPhone',
    outlookRe: 'RE:',
    ol: { from: 'De:', sent: 'Enviado el:', to: 'Para:', subject: 'Asunto:', date: 'martes, 3 de marzo de 2026 9:14', original: '-----Mensaje original-----' },
    getOutlook: 'Obtener Outlook para iOS',
    oof: 'Respuesta automática:',
  },
  nl: {
    subject: 'Voorraadsynchronisatie tussen webshop en ERP',
    greeting: (f) => `Hoi ${f},`,
    body: (c) =>
      `Ik zag dat ${c} zowel online als aan groothandels verkoopt. De meeste teams die we spreken stemmen de voorraad tussen shop en ERP één keer per dag handmatig af in een spreadsheet.\n\nNorthwind houdt de voorraad in webshop, ERP en magazijn realtime synchroon, zodat er niets meer wordt oververkocht. Fjordline had in de eerste maand 92% minder oververkopen.\n\nHeeft u volgende week 20 minuten voor een kort gesprek?\n\nGroet,\nTom`,
    gmail: 'Op di 3 mrt 2026 om 09:14 schreef Tom Becker <tom@northwind.io>:',
    apple: 'Op 3 mrt 2026 om 09:14 heeft Tom Becker <tom@northwind.io> het volgende geschreven:',
    thunderbird: 'Op 03-03-2026 om 09:14 schreef Tom Becker:',
    iphone: 'Verstuurd vanaf mijn iPhone',
    outlookRe: 'RE:',
    ol: { from: 'Van:', sent: 'Verzonden:', to: 'Aan:', subject: 'Onderwerp:', date: 'dinsdag 3 maart 2026 09:14', original: '-----Oorspronkelijk bericht-----' },
    getOutlook: 'Outlook voor iOS downloaden',
    oof: 'Automatisch antwoord:',
  },
  it: {
    subject: 'Sincronizzazione delle giacenze tra e-commerce ed ERP',
    greeting: (f) => `Buongiorno ${f},`,
    body: (c) =>
      `ho visto che ${c} vende sia online sia ai grossisti. La maggior parte dei team con cui parliamo riallinea le giacenze tra negozio online ed ERP a mano, una volta al giorno, su un foglio di calcolo.\n\nNorthwind mantiene sincronizzate in tempo reale le giacenze di e-commerce, ERP e magazzino, così non vendete più merce che non avete. Fjordline ha ridotto le vendite allo scoperto del 92% già nel primo mese.\n\nAvrebbe 20 minuti la prossima settimana per una breve chiamata?\n\nCordiali saluti,\nTom`,
    gmail: 'Il giorno mar 3 mar 2026 alle ore 09:14 Tom Becker <tom@northwind.io> ha scritto:',
    apple: 'Il giorno 3 mar 2026, alle ore 09:14, Tom Becker <tom@northwind.io> ha scritto:',
    thunderbird: 'Il 03/03/26 09:14, Tom Becker ha scritto:',
    iphone: 'Inviato da iPhone',
    outlookRe: 'R:',
    ol: { from: 'Da:', sent: 'Inviato:', to: 'A:', subject: 'Oggetto:', date: 'martedì 3 marzo 2026 09:14', original: '-----Messaggio originale-----' },
    getOutlook: 'Scarica Outlook per iOS',
    oof: 'Risposta automatica:',
  },
  pl: {
    subject: 'Synchronizacja stanów magazynowych między sklepem a ERP',
    greeting: () => 'Dzień dobry,',
    body: (c) =>
      `widzę, że ${c} sprzedaje zarówno online, jak i hurtowo. Większość zespołów, z którymi rozmawiamy, uzgadnia stany między sklepem a ERP ręcznie, raz dziennie, w arkuszu kalkulacyjnym.\n\nNorthwind synchronizuje stany w sklepie, ERP i magazynie w czasie rzeczywistym, więc nic nie zostaje sprzedane ponad stan. Fjordline ograniczył nadsprzedaż o 92% w pierwszym miesiącu.\n\nCzy znajdzie Pan/Pani 20 minut w przyszłym tygodniu na krótką rozmowę?\n\nPozdrawiam,\nTom`,
    gmail: 'wt., 3 mar 2026 o 09:14 Tom Becker <tom@northwind.io> napisał(a):',
    apple: 'Wiadomość napisana przez Tom Becker <tom@northwind.io> w dniu 3 mar 2026, o godz. 09:14:',
    thunderbird: 'W dniu 3.03.2026 o 09:14, Tom Becker pisze:',
    iphone: 'Wysłane z iPhone’a',
    outlookRe: 'RE:',
    ol: { from: 'Od:', sent: 'Wysłano:', to: 'Do:', subject: 'Temat:', date: 'wtorek, 3 marca 2026 09:14', original: '-----Oryginalna wiadomość-----' },
    getOutlook: 'Pobierz aplikację Outlook dla systemu iOS',
    oof: 'Odpowiedź automatyczna:',
  },
  pt: {
    subject: 'Sincronização de stock entre a loja online e o ERP',
    greeting: (f) => `Olá ${f},`,
    body: (c) =>
      `Vi que a ${c} vende tanto online como a distribuidores. A maioria das equipas com quem falamos acerta o stock entre a loja e o ERP à mão, uma vez por dia, numa folha de cálculo.\n\nA Northwind mantém o stock da loja online, do ERP e do armazém sincronizado em tempo real, para que nada seja vendido sem existência. A Fjordline reduziu as vendas sem stock em 92% no primeiro mês.\n\nTeria 20 minutos na próxima semana para uma chamada?\n\nCumprimentos,\nTom`,
    gmail: 'Em ter., 3 de mar. de 2026 às 08:14, Tom Becker <tom@northwind.io> escreveu:',
    apple: 'Em 3 de mar. de 2026, à(s) 08:14, Tom Becker <tom@northwind.io> escreveu:',
    thunderbird: 'Às 08:14 de 03/03/2026, Tom Becker escreveu:',
    iphone: 'Enviado do meu iPhone',
    outlookRe: 'RE:',
    ol: { from: 'De:', sent: 'Enviada:', to: 'Para:', subject: 'Assunto:', date: 'terça-feira, 3 de março de 2026 08:14', original: '-----Mensagem original-----' },
    getOutlook: 'Obter o Outlook para iOS',
    oof: 'Resposta automática:',
  },
  sv: {
    subject: 'Lagersynk mellan webbutik och affärssystem',
    greeting: (f) => `Hej ${f},`,
    body: (c) =>
      `Jag såg att ${c} säljer både online och till återförsäljare. De flesta team vi pratar med stämmer av lagret mellan butiken och affärssystemet för hand, en gång om dagen, i ett kalkylark.\n\nNorthwind håller lagersaldot i webbutik, affärssystem och lager synkat i realtid, så att ni aldrig säljer något ni inte har. Fjordline minskade översäljningen med 92 % första månaden.\n\nHar du 20 minuter nästa vecka för ett kort samtal?\n\nVänliga hälsningar,\nTom`,
    gmail: 'Den tis 3 mars 2026 kl 09:14 skrev Tom Becker <tom@northwind.io>:',
    apple: '3 mars 2026 kl. 09:14 skrev Tom Becker <tom@northwind.io>:',
    thunderbird: '2026-03-03 09:14, Tom Becker skrev:',
    iphone: 'Skickat från min iPhone',
    outlookRe: 'SV:',
    ol: { from: 'Från:', sent: 'Skickat:', to: 'Till:', subject: 'Ämne:', date: 'den 3 mars 2026 09:14', original: '-----Ursprungligt meddelande-----' },
    getOutlook: 'Hämta Outlook för iOS',
    oof: 'Automatiskt svar:',
  },
  da: {
    subject: 'Lagersynkronisering mellem webshop og ERP',
    greeting: (f) => `Hej ${f},`,
    body: (c) =>
      `Jeg kan se, at ${c} sælger både online og til forhandlere. De fleste teams, vi taler med, afstemmer lageret mellem shop og ERP i hånden, én gang om dagen, i et regneark.\n\nNorthwind holder lagerbeholdningen i webshop, ERP og lager synkroniseret i realtid, så I aldrig sælger varer, I ikke har. Fjordline reducerede oversalg med 92 % den første måned.\n\nHar du 20 minutter i næste uge til en kort snak?\n\nVenlig hilsen\nTom`,
    gmail: 'Den tirs. 3. mar. 2026 kl. 09.14 skrev Tom Becker <tom@northwind.io>:',
    apple: 'Den 3. mar. 2026 kl. 09.14 skrev Tom Becker <tom@northwind.io>:',
    thunderbird: 'Den 03.03.2026 kl. 09.14 skrev Tom Becker:',
    iphone: 'Sendt fra min iPhone',
    outlookRe: 'SV:',
    ol: { from: 'Fra:', sent: 'Sendt:', to: 'Til:', subject: 'Emne:', date: '3. marts 2026 09:14', original: '-----Oprindelig meddelelse-----' },
    getOutlook: 'Hent Outlook til iOS',
    oof: 'Automatisk svar:',
  },
  fi: {
    subject: 'Varastosaldojen synkronointi verkkokaupan ja ERP:n välillä',
    greeting: (f) => `Hei ${f},`,
    body: (c) =>
      `Huomasin, että ${c} myy sekä verkossa että jälleenmyyjille. Useimmat tiimit, joiden kanssa puhumme, täsmäyttävät varastosaldot kaupan ja ERP:n välillä käsin kerran päivässä taulukkolaskentaohjelmassa.\n\nNorthwind pitää verkkokaupan, ERP:n ja varaston saldot synkronoituina reaaliajassa, joten ette enää myy tuotteita, joita ei ole varastossa. Fjordline vähensi ylimyyntiä 92 % jo ensimmäisen kuukauden aikana.\n\nOlisiko sinulla ensi viikolla 20 minuuttia lyhyelle puhelulle?\n\nYstävällisin terveisin\nTom`,
    gmail: 'ti 3.3.2026 klo 10.14 Tom Becker (tom@northwind.io) kirjoitti:',
    apple: 'Tom Becker <tom@northwind.io> kirjoitti 3.3.2026 kello 10.14:',
    thunderbird: '3.3.2026 klo 10.14, Tom Becker kirjoitti:',
    iphone: 'Lähetetty iPhonesta',
    outlookRe: 'VS:',
    ol: { from: 'Lähettäjä:', sent: 'Lähetetty:', to: 'Vastaanottaja:', subject: 'Aihe:', date: 'tiistai 3. maaliskuuta 2026 10.14', original: '-----Alkuperäinen viesti-----' },
    getOutlook: 'Hanki Outlook for iOS',
    oof: 'Automaattinen vastaus:',
  },
  cs: {
    subject: 'Synchronizace skladu mezi e-shopem a ERP',
    greeting: () => 'Dobrý den,',
    body: (c) =>
      `všiml jsem si, že ${c} prodává online i velkoobchodním partnerům. Většina týmů, se kterými mluvíme, srovnává stav skladu mezi e-shopem a ERP ručně, jednou denně, v tabulce.\n\nNorthwind udržuje stav zásob v e-shopu, ERP a skladu synchronizovaný v reálném čase, takže už neprodáte zboží, které nemáte. Fjordline snížil přeprodeje o 92 % hned v prvním měsíci.\n\nMěl(a) byste příští týden 20 minut na krátký hovor?\n\nS pozdravem\nTom`,
    gmail: 'út 3. 3. 2026 v 9:14 odesílatel Tom Becker <tom@northwind.io> napsal:',
    apple: '3. 3. 2026 v 9:14, Tom Becker <tom@northwind.io>:',
    thunderbird: 'Dne 03. 03. 26 v 9:14 Tom Becker napsal(a):',
    iphone: 'Odesláno z iPhonu',
    outlookRe: 'RE:',
    ol: { from: 'Od:', sent: 'Odesláno:', to: 'Komu:', subject: 'Předmět:', date: 'úterý 3. března 2026 9:14', original: '-----Původní zpráva-----' },
    getOutlook: 'Získat Outlook pro iOS',
    oof: 'Automatická odpověď:',
  },
};

/** The outreach as Tom sent it to one prospect. */
export function pitchText(lang: Lang, first: string, company: string): string {
  const l = LOCALES[lang];
  return `${l.greeting(first)}\n\n${l.body(company)}\n\n${TOM_SIG}`;
}
