import type { LanguagePack } from './pack.ts';

export const nl: LanguagePack = {
  lang: 'nl',
  replyPrefix: ['Re:', 'RE:', 'Antw:', 'FW:'],
  outreachSubjects: ['Korte vraag', 'Idee voor {company}', 'Sales bij {company}', '{company} x Northwind', 'Even sparren?', 'Jullie wervingsplannen', 'Opvolging'],
  outreach: [
    'Hoi {first},\n\nIk zag dat {company} het salesteam uitbreidt. Wij helpen teams zoals het jouwe de inwerktijd met 40% te verkorten.\n\nHeb je interesse in een demo? Heb je volgende week 15 minuten?\n\nGroet,\nTom',
    'Beste {first}, ik kom even terug op mijn vorige bericht. Zou Northwind interessant zijn voor {company}?\n\nMet vriendelijke groet,\nTom Becker',
    'Hi {first}, do you want a demo? Best, Tom',
  ],
  attributions: ['Op {wday} {date} om {time} schreef Tom Becker <tom@northwind.io>:', 'Op {date} om {time} heeft tom@northwind.io het volgende geschreven:', 'Op {date} schreef Tom Becker <tom@northwind.io>:'],
  outlookHeader: 'Van: Tom Becker <tom@northwind.io>\nVerzonden: {wday} {date} {time}\nAan: {first} {last} <{email}>\nOnderwerp: {subject}',
  greetings: ['Hoi {sender},', 'Hallo {sender},', 'Beste {sender},', 'Goedemorgen,', 'Dag Tom,', 'Beste heer Becker,', 'Hi,', ''],
  signOffs: ['Met vriendelijke groet,', 'Groet,', 'Groeten,', 'Vriendelijke groet,', 'Mvg', 'Gr.', 'Hartelijke groet,', 'Bedankt,', ''],
  titles: ['Directeur', 'Salesmanager', 'Marketing Manager', 'Inkoper', 'CTO', 'Operationeel manager', 'Eigenaar', 'HR-adviseur'],
  firstNames: ['Jeroen', 'Sanne', 'Bas', 'Lotte', 'Pieter', 'Femke', 'Maarten', 'Eva', 'Daan', 'Anouk', 'Thijs', 'Marloes'],
  lastNames: ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'van Dijk'],
  companies: ['Polder Logistiek B.V.', 'Oranje Software', 'Van Dam Installatietechniek', 'Grachtenhuis Media', 'Delta Advies', 'Noordzee Vastgoed'],
  disclaimers: [
    'Dit e-mailbericht is uitsluitend bestemd voor de geadresseerde(n). Indien u dit bericht onterecht ontvangt, wordt u verzocht de inhoud niet te gebruiken en de afzender direct te informeren.',
    'Denk aan het milieu voordat u deze e-mail print.',
  ],
  mobile: ['Verzonden vanaf mijn iPhone', 'Verstuurd vanaf mijn iPhone', 'Outlook voor Android downloaden'],
  months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  dateFormats: ['{d} {month}', '{wday} {d} {month}', '{dd}-{mm}-{yyyy}', '{d}-{mm}', '{d} {month} {yyyy}', '{wday} {dd}-{mm}'],
  categories: {
    Interested: {
      main: [
        'Ja, dat klinkt interessant.', 'Interessant, vertel meer.', 'Wij zouden geïnteresseerd zijn.', 'Dit onderwerp speelt nu bij ons, graag.', 'Wat zijn de volgende stappen?', 'Dat zou bij ons kunnen passen.',
        'Zeker!', 'Dit is precies wat we zoeken.', 'Klinkt goed, ik hoor graag meer.', 'Ja, interesse.', 'Ok geinteresseerd', 'Leuk, laten we verder kijken.', 'Ik ben benieuwd, vertel.',
        'Ja, dit staat dit jaar op onze planning.', 'Goed idee, daar sta ik voor open.', 'Mooi aanbod, we willen er wel mee verder.',
      ],
      extra: ['Hou me op de hoogte.', 'Mijn compagnon kijkt ook mee.', 'Er is budget voor.', 'Ik hoor graag van je.'],
    },
    'Meeting request': {
      main: [
        'Prima, past dinsdag om 14.00 uur voor een call?', 'Laten we volgende week even bellen.', 'Stuur me een uitnodiging voor donderdagochtend.', 'Plan hier een moment in: https://calendly.com/{first}/30min',
        'Ik heb {wday}middag tijd voor een gesprek.', 'Kunnen we een demo inplannen met het team?', 'Ja, een belletje van 15 minuten is goed. Stuur wat tijden.', 'Wat dacht je van {wday} om 10.30 uur?',
        'Laten we {wday} of {wday2} even teamsen.', 'Bel me morgen rond 9 uur, mijn nummer staat hieronder.', 'Zien we elkaar op de beurs volgende week?', 'Ik zie graag een demo, wanneer heb je tijd?',
        'Laten we eind van de maand een afspraak maken.', 'Mijn assistent stuurt je een voorstel voor een afspraak.', 'Goed, laten we even sparren. Wanneer past het?',
      ],
      extra: ['Nodig ook onze IT-manager uit.', 'Max een half uur graag.', 'Tot dan.'],
    },
    'Information request': {
      main: [
        'Wat kost het?', 'Kun je me de prijzen sturen?', 'Is er een koppeling met Exact?', 'Hebben jullie klantcases in onze sector?', 'Waar worden de gegevens opgeslagen? We hebben hosting in de EU nodig.',
        'Hoe lang duurt de implementatie?', 'Is er een gratis proefperiode?', 'Stuur eerst wat informatie per mail.', 'Is het AVG-proof?', 'Wat is de minimale contractduur?', 'Hebben jullie een brochure of presentatie?',
        'Hoe werkt de onboarding precies?', 'Wat zou het kosten voor 10 gebruikers?', 'Wat is het verschil met HubSpot?', 'Kun je iets meer uitleggen over hoe het werkt?',
      ],
      extra: ['Alvast bedankt.', 'Dan stuur ik het intern door.', 'Voorlopig alleen per mail graag.'],
    },
    Referral: {
      main: [
        'Dat ligt niet bij mij, neem contact op met {colleague}.', 'Je kunt het beste mijn collega {colleague} mailen ({colleagueEmail}).', 'Ik heb je mail doorgestuurd naar {colleague}, onze IT-manager.',
        'Ik zet {colleague} in de cc, zij gaat hierover.', 'Mail gerust naar {colleagueEmail}.', 'Niet mijn afdeling, {colleague} van marketing is de juiste persoon.',
        'Ik ben vorige maand bij {company} vertrokken. Mijn opvolger is {colleague}, bereikbaar via {colleagueEmail}.', 'De juiste contactpersoon is {colleague}, hoofd inkoop.', '{colleague} heeft mijn functie overgenomen, neem contact met hem op.',
        'Wend u tot onze technisch directeur, {colleague}.', 'Ik ben niet de juiste persoon, spreek even met {colleague}.',
      ],
      extra: ['Succes.', 'Hij is op de hoogte.', 'Ze verwacht je mail.'],
    },
    'Not interested': {
      main: [
        'Geen interesse, bedankt.', 'Bedankt, maar we zijn voorzien.', 'Nee, dank je.', 'Nu niet, misschien volgend kwartaal.', 'We hebben hier al een oplossing voor.',
        'Het heeft op dit moment geen prioriteit.', 'Geen budget dit jaar.', 'We zijn tevreden met onze huidige leverancier.', 'Past niet bij ons.', 'Geen behoefte.',
        'Neem over een half jaar maar weer contact op, nu komt het niet uit.', 'We hebben net getekend bij een concurrent.', 'Dit doen we zelf.', 'Bedankt voor het aanbod, maar nee.',
        'Niet relevant voor ons.', 'We zijn te klein voor zoiets.',
      ],
      extra: ['Succes verder.', 'Fijne dag.', 'Bedankt voor het begrip.'],
    },
    'Wrong person': {
      main: [
        'Ik werk niet meer bij {company}.', 'Je hebt de verkeerde persoon.', 'Ik ben niet de juiste persoon en weet ook niet wie wel.', 'Ik heb het bedrijf in maart verlaten.', 'Verkeerd adres, hier werkt geen {sender}.',
        'Ik heb niets met inkoop te maken.', 'Ik ben niet meer werkzaam bij {company}.', 'Je verwart me met iemand anders.', 'Ik ben sinds vorig jaar met pensioen.', 'Wij zijn een ander bedrijf, niet de {company} die je zoekt.',
        'Dit is niet mijn terrein en ik kan je niet helpen.',
      ],
      extra: ['Pas je gegevens aan aub.', 'Sorry.', 'Deze mailbox wordt niet meer gelezen.'],
    },
    'Out of office': {
      main: [
        'Bedankt voor je bericht. Ik ben tot en met {date} afwezig en heb beperkt toegang tot mijn e-mail.', 'Ik ben met vakantie en ben {date} weer terug.',
        'Ik ben tot {date} niet op kantoor. Voor dringende zaken kunt u mailen naar {colleagueEmail}.', 'Bedankt voor uw e-mail. Ik ben op reis en reageer na mijn terugkomst op {date}.',
        'Ik ben met ouderschapsverlof tot {date}. Uw bericht wordt niet doorgestuurd.', 'Afwezig tot {date}.', 'Ik ben buiten kantoor en weer aanwezig op {date}.',
        'Ik ben ziek en reageer zo snel mogelijk.', 'Ons kantoor is gesloten in verband met de feestdagen. Vanaf {date} zijn we weer bereikbaar.', 'Ik ben op vakantie t/m {date}.',
      ],
      extra: ['Met vriendelijke groet', 'Bedankt voor uw begrip.', 'Uw bericht wordt niet doorgestuurd.'],
    },
    Unsubscribe: {
      main: [
        'Graag afmelden.', 'Haal me van jullie mailinglijst.', 'Neem geen contact meer met mij op.', 'Stop met mailen aub.', 'Uitschrijven graag.',
        'Verwijder mijn gegevens conform de AVG.', 'Hoe komen jullie aan mijn adres? Verwijder mij direct.', 'Ik heb me nooit aangemeld, haal me eraf.', 'Niet meer mailen.',
        'Verwijder mijn e-mailadres uit jullie bestand.', 'STOP', 'Voor de derde keer: afmelden!',
      ],
      extra: ['Bedankt.', 'Dit is spam.', 'Anders meld ik het.'],
    },
    Bounce: { main: [], extra: [] },
  },
  bounces: [
    'Dit is een automatisch gegenereerd bericht over de bezorgstatus.\n\nBezorging bij de volgende ontvangers is mislukt:\n\n{email}\n\n550 5.1.1 Onbekende ontvanger',
    'Uw bericht kon niet worden bezorgd bij {email}.\nHet adres is niet gevonden. Controleer het e-mailadres van de ontvanger.\n\n550 5.1.10 RESOLVER.ADR.RecipientNotFound',
    'Onbestelbaar: de mailbox van {email} is vol.\n552 5.2.2',
    'Het bericht aan {email} kon niet worden afgeleverd. Dit is een permanente fout.',
  ],
  bounceSubjects: ['Onbestelbaar: {subject}', 'Niet bezorgd: {subject}', 'Undelivered Mail Returned to Sender', 'Bezorging mislukt'],
  oooSubjects: ['Automatisch antwoord: {subject}', 'Afwezig', 'Out of office', 'Afwezigheid', 'Re: {subject}'],
};
