import type { LanguagePack } from './pack.ts';

export const de: LanguagePack = {
  lang: 'de',
  replyPrefix: ['AW:', 'Aw:', 'Re:', 'WG:'],
  outreachSubjects: ['Kurze Frage', 'Idee für {company}', 'Vertrieb bei {company}', '{company} + Northwind', 'Kurzer Austausch?', 'Ihre Recruiting-Pläne', 'Nachfrage', 'Weniger Kündigungen bei {company}'],
  outreach: [
    'Hallo {first},\n\nich habe gesehen, dass {company} das Vertriebsteam ausbaut. Wir helfen Teams wie Ihrem, die Einarbeitungszeit um 40 % zu senken.\n\nHätten Sie Interesse an einer Demo? Passt Ihnen nächste Woche ein kurzes Gespräch?\n\nBeste Grüße\nTom',
    'Guten Tag {first},\n\nich wollte kurz nachhaken: Wäre Northwind für {company} interessant?\n\nViele Grüße\nTom Becker',
    'Hi {first}, do you want a demo? We help B2B teams book more meetings.\nBest, Tom',
  ],
  attributions: ['Am {wday}, {date} um {time} schrieb Tom Becker <tom@northwind.io>:', 'Am {date} um {time} schrieb tom@northwind.io:', 'Tom Becker <tom@northwind.io> schrieb am {wday}, {date}, {time}:', 'On {date} at {time}, Tom Becker <tom@northwind.io> wrote:'],
  outlookHeader: 'Von: Tom Becker <tom@northwind.io>\nGesendet: {wday}, {date} {time}\nAn: {first} {last} <{email}>\nBetreff: {subject}',
  greetings: ['Hallo {sender},', 'Hallo Herr Becker,', 'Sehr geehrter Herr Becker,', 'Hi {sender},', 'Guten Tag,', 'Guten Morgen Herr Becker,', 'Moin,', 'Servus {sender},', 'Lieber Herr Becker,', ''],
  signOffs: ['Viele Grüße', 'Beste Grüße', 'Mit freundlichen Grüßen', 'Freundliche Grüße', 'VG', 'LG', 'Gruß', 'Schöne Grüße', 'MfG', ''],
  titles: ['Geschäftsführer', 'Leiter Vertrieb', 'Head of Marketing', 'Einkauf', 'Prokurist', 'IT-Leitung', 'Personalreferentin', 'Teamleiterin Operations', 'CEO'],
  firstNames: ['Thomas', 'Julia', 'Stefan', 'Anna', 'Markus', 'Katrin', 'Jörg', 'Sabine', 'Lukas', 'Lena', 'Matthias', 'Jana', 'Uwe', 'Miriam'],
  lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer', 'Krüger', 'Wolf'],
  companies: ['Bergmann Logistik GmbH', 'Nordlicht Software AG', 'Hansetec GmbH', 'Alpenblick Reisen', 'Rheinwerk Consulting', 'Sonnenhof Bau GmbH & Co. KG'],
  disclaimers: [
    'Diese E-Mail enthält vertrauliche und/oder rechtlich geschützte Informationen. Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender und vernichten Sie diese Mail.',
    'Sitz der Gesellschaft: Hamburg, Amtsgericht Hamburg HRB 123456, Geschäftsführer: Jörg Wolf',
  ],
  mobile: ['Von meinem iPhone gesendet', 'Gesendet von Outlook für Android', 'Von meinem Samsung Galaxy Smartphone gesendet'],
  months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  weekdays: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  dateFormats: ['{d}. {month}', '{dd}.{mm}.', '{dd}.{mm}.{yyyy}', '{wday}, den {d}. {month}', '{d}.{mm}.{yyyy}', '{wday}, {dd}.{mm}.'],
  categories: {
    Interested: {
      main: [
        'Klingt interessant, erzählen Sie mehr.', 'Ja, grundsätzlich haben wir Interesse.', 'Das Thema ist bei uns gerade aktuell, gerne mehr Infos.', 'Interessant! Wie wären die nächsten Schritte?',
        'Da sind wir offen für.', 'Passt gut, wir suchen gerade nach so etwas.', 'Ja, gerne.', 'Das hört sich spannend an.', 'Hallo, ja das könnte für uns passen.',
        'Wir wären interessiert.', 'Klingt gut, ich bin dabei.', 'Das trifft genau unseren Bedarf.', 'Grundsätzlich ja, das ist für uns relevant.', 'Gerne mehr dazu, das Timing passt.',
        'Sehr spannend, wir wollen das dieses Jahr angehen.', 'Ich habe Interesse, melden Sie sich gern.', 'Klingt vielversprechend!',
      ],
      extra: ['Mein Kollege aus dem Vertrieb wäre auch dabei.', 'Halten Sie mich auf dem Laufenden.', 'Budget ist grundsätzlich vorhanden.', 'Wir freuen uns auf Ihre Rückmeldung.', 'Wie geht es jetzt weiter?'],
    },
    'Meeting request': {
      main: [
        'Gerne, passt Ihnen Dienstag um 14 Uhr für einen Call?', 'Lassen Sie uns nächste Woche telefonieren.', 'Schicken Sie mir gern eine Einladung für Donnerstag Vormittag.', 'Buchen Sie sich einfach einen Termin: https://calendly.com/{first}/30min',
        'Am {wday} Nachmittag hätte ich Zeit für ein kurzes Gespräch.', 'Können wir einen Termin für eine Demo vereinbaren?', 'Ja, ein 15-minütiges Telefonat passt. Schlagen Sie ein paar Termine vor.',
        'Wie wäre es mit {wday} um 10:30 Uhr?', 'Gerne per Teams, {wday} oder {wday2} geht bei mir.', 'Rufen Sie mich morgen gegen 9 an, Nummer steht unten.', 'Lass uns mal kurz sprechen, wann passt es dir?',
        'Wir können uns gern auf der Messe nächste Woche treffen.', 'Senden Sie mir bitte eine Kalendereinladung für nächste Woche, ab 15 Uhr bin ich flexibel.', 'Ich würde gern eine Demo sehen. Wann haben Sie Zeit?',
        'Machen wir einen Zoom-Termin Ende des Monats.', 'Meine Assistenz meldet sich wegen eines Termins.',
      ],
      extra: ['Bitte meinen Kollegen aus der IT mit einladen.', 'Maximal 30 Minuten bitte.', 'Ich freue mich auf das Gespräch.', 'Einladung gern an diese Adresse.'],
    },
    'Information request': {
      main: [
        'Was kostet das?', 'Können Sie mir eine Preisliste schicken?', 'Gibt es eine Schnittstelle zu SAP?', 'Haben Sie Referenzen aus unserer Branche?', 'Wo werden die Daten gehostet? Wir brauchen Server in der EU.',
        'Wie lange dauert die Einführung in der Regel?', 'Gibt es eine kostenlose Testphase?', 'Schicken Sie mir bitte erst einmal Unterlagen per Mail.', 'Ist das DSGVO-konform?', 'Wie unterscheidet sich das von Salesforce?',
        'Was ist die Mindestvertragslaufzeit?', 'Haben Sie eine Präsentation oder ein Datenblatt?', 'Wie funktioniert das Onboarding genau?', 'Mit welchen Kosten müssten wir für 20 Nutzer rechnen?', 'Unterstützen Sie Single Sign-on?',
        'Können Sie mir ein paar Infos zusenden? Dann schaue ich es mir an.',
      ],
      extra: ['Vorab brauche ich eine grobe Kostenschätzung.', 'Ich leite es dann intern weiter.', 'Bitte erstmal nur per E-Mail.', 'Danke vorab.'],
    },
    Referral: {
      main: [
        'Dafür bin ich nicht zuständig, bitte wenden Sie sich an {colleague}.', 'Da sprechen Sie am besten mit meiner Kollegin {colleague} ({colleagueEmail}).', 'Ich habe Ihre Mail an {colleague} weitergeleitet, er ist unser IT-Leiter.',
        'Ansprechpartnerin dafür ist {colleague}, ich setze sie in Kopie.', 'Bitte kontaktieren Sie {colleagueEmail}.', 'Das ist nicht mein Bereich, {colleague} aus dem Marketing kümmert sich darum.',
        'Ich bin seit letztem Monat nicht mehr bei {company}. Mein Nachfolger ist {colleague}, erreichbar unter {colleagueEmail}.', 'Für den Einkauf ist {colleague} verantwortlich, bitte direkt an ihn.',
        'Nehme {colleague} mit in CC, die das Thema verantwortet.', 'Richtiger Ansprechpartner wäre unser CTO {colleague}.', '{colleague} hat meine Position übernommen, bitte melden Sie sich bei ihm.',
        'Wenden Sie sich bitte an unsere Zentrale, {colleagueEmail}, die leiten das weiter.',
      ],
      extra: ['Viel Erfolg!', 'Er weiß Bescheid.', 'Sie erwartet Ihre Nachricht.'],
    },
    'Not interested': {
      main: [
        'Kein Interesse, danke.', 'Danke, aber wir sind versorgt.', 'Nein danke.', 'Aktuell nicht, vielleicht im nächsten Quartal.', 'Wir haben dafür bereits eine Lösung.',
        'Das ist momentan keine Priorität für uns.', 'Dafür haben wir dieses Jahr kein Budget.', 'Wir sind mit unserem aktuellen Anbieter zufrieden.', 'Passt leider nicht zu uns.',
        'Kein Bedarf.', 'Melden Sie sich gerne in einem halben Jahr wieder, jetzt passt es nicht.', 'Wir haben uns gerade für einen Wettbewerber entschieden.', 'Das machen wir intern.',
        'Danke für das Angebot, aber nein.', 'Für uns leider nicht relevant.', 'Wir sind zu klein dafür.', 'Nicht jetzt, wir haben gerade einen Einstellungsstopp.',
      ],
      extra: ['Viel Erfolg weiterhin.', 'Schönen Tag noch.', 'Danke für Ihr Verständnis.'],
    },
    'Wrong person': {
      main: [
        'Ich arbeite nicht mehr bei {company}.', 'Da sind Sie bei mir falsch, sorry.', 'Ich bin nicht der richtige Ansprechpartner und weiß leider auch nicht, wer es ist.', 'Ich habe das Unternehmen im März verlassen.',
        'Falsche Adresse, hier gibt es keinen {sender}.', 'Mit Einkaufsentscheidungen habe ich nichts zu tun.', 'Ich bin nicht mehr bei {company} tätig.', 'Sie verwechseln mich wohl, ich bin Student.',
        'Ich bin seit letztem Jahr in Rente.', 'Wir sind eine andere Firma, Sie haben die falsche {company} erwischt.', 'Dafür bin ich nicht zuständig und kann auch nicht weiterhelfen.',
        'Falsche Person.',
      ],
      extra: ['Bitte aktualisieren Sie Ihre Daten.', 'Tut mir leid.', 'Dieses Postfach wird kaum noch gelesen.'],
    },
    'Out of office': {
      main: [
        'Vielen Dank für Ihre Nachricht. Ich bin bis zum {date} nicht im Büro und habe nur eingeschränkten Zugriff auf meine E-Mails.', 'Ich bin im Urlaub und ab {date} wieder erreichbar.',
        'Ich bin bis einschließlich {date} abwesend. In dringenden Fällen wenden Sie sich bitte an {colleagueEmail}.', 'Danke für Ihre E-Mail. Ich bin auf Dienstreise und melde mich nach meiner Rückkehr am {date}.',
        'Ich befinde mich bis {date} in Elternzeit. Ihre Nachricht wird nicht weitergeleitet.', 'Abwesenheitsnotiz: Ich bin ab dem {date} wieder im Büro.', 'Ich bin derzeit außer Haus und ab {date} wieder da.',
        'Ich bin krankheitsbedingt abwesend und melde mich so bald wie möglich.', 'Unser Büro ist über die Feiertage geschlossen. Ab dem {date} sind wir wieder für Sie da.', 'Ich bin bis {date} nicht erreichbar. Ihre E-Mail wird nicht gelesen.',
        'Vielen Dank für Ihre E-Mail. Ich bin bis {date} im Mutterschutz. Bitte wenden Sie sich an {colleague}.',
      ],
      extra: ['Mit freundlichen Grüßen', 'Vielen Dank für Ihr Verständnis.', 'Ihre E-Mail wird nicht weitergeleitet.'],
    },
    Unsubscribe: {
      main: [
        'Bitte abmelden.', 'Bitte nehmen Sie mich aus Ihrem Verteiler.', 'Bitte keine weiteren E-Mails.', 'Bitte kontaktieren Sie mich nicht mehr.', 'Austragen bitte.',
        'Löschen Sie bitte meine Daten gemäß DSGVO.', 'Woher haben Sie meine Adresse? Entfernen Sie mich sofort.', 'Ich habe mich nie angemeldet. Bitte austragen.', 'Hören Sie auf, mir zu schreiben.',
        'Bitte entfernen Sie meine E-Mail-Adresse aus Ihrer Liste.', 'Abmelden', 'Keine Mails mehr bitte, das ist das dritte Mal.', 'Unterlassen Sie bitte jede weitere Kontaktaufnahme.',
      ],
      extra: ['Danke.', 'Das ist Spam.', 'Andernfalls melde ich das.'],
    },
    Bounce: { main: [], extra: [] },
  },
  bounces: [
    'Dies ist eine automatisch erstellte Benachrichtigung über den Zustellstatus.\n\nDie Zustellung an folgende Empfänger ist fehlgeschlagen:\n\n{email}\n\nDiagnose: 550 5.1.1 Empfängeradresse abgelehnt: Benutzer unbekannt',
    'Ihre Nachricht konnte nicht zugestellt werden.\n\nDie E-Mail-Adresse {email} wurde nicht gefunden. Bitte überprüfen Sie die Adresse des Empfängers.\n\nRemote Server returned \'550 5.1.10 RESOLVER.ADR.RecipientNotFound\'',
    'Unzustellbar: Die Nachricht an {email} konnte nicht zugestellt werden, da das Postfach voll ist.\n552 5.2.2 Mailbox full',
    'Leider konnte Ihre Nachricht an {email} nicht zugestellt werden. Dies ist ein permanenter Fehler.\n\nDer Empfänger existiert nicht.',
    'This is the mail system at host mx.{domain}.\n\nI\'m sorry to have to inform you that your message could not be delivered to one or more recipients.\n\n<{email}>: 550 5.1.1 User unknown',
  ],
  bounceSubjects: ['Unzustellbar: {subject}', 'Nicht zustellbar: {subject}', 'Zustellung fehlgeschlagen', 'Undelivered Mail Returned to Sender', 'Benachrichtigung zum Zustellstatus (Fehler)'],
  oooSubjects: ['Automatische Antwort: {subject}', 'Abwesenheitsnotiz: {subject}', 'Abwesenheit', 'Automatische Antwort: AW: {subject}', 'Urlaub', 'AW: {subject}'],
};
