import type { TriageLanguage } from './types.ts';

/**
 * Swedish. Delivery failures as Exchange/Outlook ("Det gick inte att leverera till följande
 * mottagare eller grupper", "Ditt meddelande till … kunde inte levereras") and Gmail ("Adressen
 * hittades inte") write them in Swedish; Outlook's "Automatiskt svar:", "Den … skrev …:",
 * "Från/Skickat/Till/Ämne", "Skickat från min iPhone", "Med vänlig hälsning", "/Anna".
 * Rule phrases are FOLDED (å→a, ä→a, ö→o), quoting and sign-offs RAW.
 */
export const sv: TriageLanguage = {
  code: 'sv',

  bounceSubject: ['det gick inte att leverera', 'kan inte levereras', 'olevererbar', 'ej levererat', 'leveransfel', 'meddelandet kunde inte levereras'],
  bounceBody: [
    'det gick inte att leverera (?:till|meddelandet|ditt)', 'det gick inte att hitta e-?postadressen',
    '(?:meddelande(?:t)?|e-?postmeddelande(?:t)?|brevet) (?:kunde inte|kan inte|har inte kunnat) levereras', 'ditt meddelande levererades inte', 'ditt meddelande till \\S+ kunde inte levereras',
    'leverans(?:en)? till (?:foljande|dessa) mottagare (?:eller grupper )?misslyckades', 'adressen (?:hittades inte|kunde inte hittas)',
    'mottagaren (?:finns inte|hittades inte|ar okand)', 'okand mottagare', 'e-?postadressen (?:du angav )?(?:finns inte|hittades inte|existerar inte|kunde inte hittas)',
    '(?:post|brev)lada(?:n)? ar full',
  ],
  oooSubject: ['automatiskt? svar', 'autosvar', 'franvaro', 'franvarande', 'ej pa kontoret', 'inte pa kontoret', 'semester\\s*(?:$|[:!-])', 'ledig\\s*(?:$|[:!-])', 'tjanstledig', 'foraldraledig'],
  oooBody: [
    'jag ar (?:for narvarande |just nu |tyvarr |nu )?(?:pa semester|pa tjansteresa|pa resande fot|bortrest|foraldraledig|tjanstledig|sjukskriven|franvarande|(?:inte|ej) pa kontoret)',
    'jag ar (?:for narvarande|just nu) (?:pa|i) (?:utbildning|kurs|konferens|utlandet)', 'jag (?:har semester|befinner mig pa semester)',
    'jag ar ledig (?:till och med|t\\.o\\.m|fram till|fran och med|fr\\.o\\.m)', '\\bfranvarande\\b', 'foraldraledig (?:till|t\\.o\\.m|fram till|fr\\.o\\.m)',
    'pa (?:semester|foraldraledighet) (?:till och med|t\\.o\\.m|fram till)', 'semesterstangt', 'stangt for semester',
    'begransad (?:tillgang|mojlighet) (?:till|att (?:lasa|svara pa|kolla)) (?:min |mina )?(?:e-?post|mejl|mail|dator)',
    'laser (?:inte|ej) (?:min |mina )?(?:e-?post|mejl|mail)', 'ater (?:pa kontoret|i tjanst|pa jobbet)', 'jag ar tillbaka (?:pa kontoret|i tjanst|pa jobbet)',
    'besvara(?:r|s)? (?:ditt|ert|er|din) (?:mejl|mail|e-?post|meddelande|fraga) (?:nar jag|efter min|sa snart jag ar)', 'vidarebefordras (?:inte|ej)', 'kommer inte att vidarebefordras',
    'hemma med sjuk[at]? barn',
    'inlagd (?:for|pa)\\b',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    '(?:ar|jag ar) pa kurs\\b',
  ],
  unsubscribe: [
    'avregistrera', 'avanmal', 'avprenumerera', 'avsluta (?:min |mitt |var )?prenumeration',
    'ta (?:bort )?(?:mig|oss) (?:fran|ur)', 'ta bort (?:min|mina|var|vara) (?:e-?post|e-?postadress|adress|mejladress|mailadress|uppgifter|kontaktuppgifter|personuppgifter)',
    '(?:stryk|plocka bort) (?:mig|oss)', 'rader(?:a|ar|as) (?:alla )?(?:mina|min|mig|oss|vara|personuppgift)',
    'sluta (?:skicka|maila|mejla|kontakta|ringa|skriva till|hor(?:a)? av)', 'kontakta (?:mig|oss) (?:inte|ej) (?:igen|mer|langre)', '(?:inte|ej) kontakta (?:mig|oss) (?:igen|mer|langre)',
    'hor inte av (?:er|dig) (?:igen|mer)', 'vill inte (?:fa|ta emot|ha) (?:nagra )?(?:fler|mer|flera) (?:mejl|mail|e-?post|utskick|meddelanden|e-?postmeddelanden)',
    'undanber (?:mig|oss)', 'inga (?:fler|mer) (?:mejl|mail|e-?post|utskick)', 'skicka (?:inga fler|inget mer|inte fler)',
    'ur (?:ert|era|er|ditt|dina) (?:register|system|databas|utskick|crm)', 'fran (?:era|ert|er|din|dina) (?:utskick|utskickslistor?|sandlistor?|listor?|register|databas)',
    'motsatter mig (?:all |vidare )?(?:behandling|anvandning)',
    'sparra (?:min|var) (?:adress|e-?post)', '(?:inte|ej) inkludera (?:mig|oss) i', 'bli borttagen', 'glom (?:den har|min|var) adress',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'stoppa (?:\\S+ )?utskicken',
  ],
  wrongPerson: [
    '(?:jobbar|arbetar) (?:inte|ej) (?:langre|kvar)', '(?:inte|ej) langre anstalld', '(?:inte|ej) langre kvar (?:pa|i|hos)', '(?:har|jag) (?:slutat|slutade) (?:pa|hos|min|mitt|jobba)', 'jag har slutat\\b(?! med| att| anvanda| ta| kopa| skicka)',
    'avslutat min (?:anstallning|tjanst)', 'lamnat (?:foretaget|bolaget|organisationen|firman)', 'inte (?:ratt|den ratta|ratta) (?:person|kontakt(?:person)?)',
    'fel (?:person|kontaktperson|mottagare|adress|e-?postadress|mejladress|mailadress)', 'inte mitt (?:omrade|bord|ansvarsomrade)', '(?:gick|gatt) i pension', 'ar pensionerad',
  ],
  pointsElsewhere: [
    'kolleg(?:a|or|an|orna)', '\\b(?:kan|bor|ska|vanligen|hellre|garna|istallet) kontakta\\b', 'kontakta (?:istallet|i stallet|hellre|garna|min|var|hen|henne|honom)\\b', 'ta kontakt med',
    'vand (?:dig|er) (?:istallet |garna |hellre )?till', 'hor av (?:dig|er) (?:istallet |garna |direkt )?till', '\\b(?:prata|tala) (?:hellre |istallet |garna )?med\\b',
    'eftertradare', 'ersattare', '(?<!vem (?:som )?(?:har |nu har |ska )?)(?:tagit|tar) over', '(?<!vem (?:som )?)(?:tar hand om|har hand om|skoter) (?:sadant|sant|sadana|det dar|den biten|den delen)', 'ratt (?:person|kontaktperson|kontakt) (?:ar|vore|blir|att)',
    '(?<!(?:inte|ej) (?:att )?)vidarebefordra(?:t|r|de)?', 'skick(?:at|ar|ade) (?:det |ditt mejl |mejlet |ditt mail |mailet )?vidare', '(?:i|pa) kopia', 'cc:?ar', '\\bskriv (?:hellre |istallet |garna |direkt )?till\\b', '\\b(?:mejla|maila) (?:hellre |istallet |garna |direkt )?(?:till|henne|honom|hen)\\b',
    '(?<!vem )som (?:skoter|ansvarar for|har hand om|tar hand om|har tagit over)',
  ],

  attributionVerbs: ['skrev'],
  // Apple Mail: "4 mars 2025 kl. 10:12 skrev Tom <tom@x.se>:"; Gmail and Thunderbird start with "Den".
  attributionStarts: ['\\d{1,2}\\.? (?:jan|feb|mar|apr|maj|jun|jul|aug|sep|okt|nov|dec)\\p{L}*\\.? \\d{4}'],
  separators: ['ursprungligt meddelande', 'vidarebefordrat meddelande', 'originalmeddelande'],
  forwardStarts: ['b[öo]rjan p[åa] vidarebefordrat (?:brev|meddelande):', 'vidarebefordrat (?:brev|meddelande):'],
  headerFrom: ['fr[åa]n'],
  headerNext: ['skickat', 'till', '[äa]mne', 'kopia', 'datum', 'hemlig kopia'],
  mobileFooters: [
    'skicka(?:t|d) fr[åa]n (?:min|mitt) [\\w-]+(?:[ -][\\w-]+){0,3}\\.?', 'skickat fr[åa]n (?:outlook|mail|yahoo mail|e-post)\\b.*', 'h[äa]mta outlook f[öo]r \\w+.*',
  ],
  signOffs: [
    'med v[äa]nlig(?:a)? h[äa]lsning(?:ar)?', 'v[äa]nlig(?:a)? h[äa]lsning(?:ar)?', 'b[äa]sta h[äa]lsningar', 'k[äa]ra h[äa]lsningar', 'varma h[äa]lsningar', 'h[äa]lsning(?:ar)?',
    'mvh', 'vh', 'v[äa]nligen', 'allt gott', 'ha det (?:bra|gott|fint)', 'ha en (?:fin|bra|trevlig) (?:dag|helg|kv[äa]ll)', 'trevlig (?:helg|dag|kv[äa]ll|sommar)',
    'tack(?: s[åa] mycket| igen| p[åa] f[öo]rhand| och hej)?', 'h[äa]lsar', '/\\s?\\p{Lu}\\p{L}+(?: \\p{Lu}\\p{L}*\\.?)?',
  ],

  months: [
    ['januari', 'jan'], ['februari', 'feb'], ['mars', 'mar'], ['april', 'apr'], ['maj'], ['juni', 'jun'],
    ['juli', 'jul'], ['augusti', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec'],
  ],
  weekdays: [['sondag', 'sondagen'], ['mandag', 'mandagen'], ['tisdag', 'tisdagen'], ['onsdag', 'onsdagen'], ['torsdag', 'torsdagen'], ['fredag', 'fredagen'], ['lordag', 'lordagen']],
  tomorrow: ['i ?morgon', 'imorn', 'i morn'],
  returnWords: ['tillbaka', 'ater', 'aterkommer', 'pa plats igen', 'i tjanst igen'],
  untilWords: ['till och med', 't\\.o\\.m', 'fram till'],
};
