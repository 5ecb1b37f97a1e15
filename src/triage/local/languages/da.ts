import type { TriageLanguage } from './types.ts';

/**
 * Danish. Delivery failures as Exchange/Outlook ("Levering til disse modtagere eller grupper
 * mislykkedes", "Din meddelelse til … kunne ikke leveres", subject "Uanbringelig:") and Gmail
 * ("Adressen blev ikke fundet") write them in Danish; Outlook's "Automatisk svar:", "Den … skrev
 * …:", "Fra/Sendt/Til/Emne", "Sendt fra min iPhone", "Med venlig hilsen". Rule phrases are FOLDED
 * (æ→ae, ø→o, å→a), quoting and sign-offs RAW. Many Danish disclaimers say "Hvis du ikke er den
 * rette modtager", so "modtager" is no wrong-person word here.
 */
export const da: TriageLanguage = {
  code: 'da',

  bounceSubject: ['uanbringelig', 'kan ikke leveres', 'kunne ikke leveres', 'ikke leveret', 'levering mislykkedes', 'leveringsfejl', 'fejl ved levering'],
  bounceBody: [
    'uanbringelig', '(?:meddelelse(?:n)?|mail(?:en)?|e-?mail(?:en)?|besked(?:en)?) (?:kunne ikke|kan ikke) leveres', '(?:meddelelse|mail|e-?mail|besked)(?:n)? blev ikke leveret', 'din (?:meddelelse|mail|e-?mail) til \\S+ kunne ikke leveres',
    'levering(?:en)? til (?:folgende|disse) modtagere (?:eller grupper )?mislykkedes', 'levering(?:en)? mislykkedes', 'adressen blev ikke fundet',
    'modtageren (?:findes ikke|blev ikke fundet|er ukendt|eksisterer ikke)', 'ukendt modtager', '(?:e-?mail|mail)adresse(?:n)?,? (?:du har angivet,? )?(?:blev ikke fundet|findes ikke|eksisterer ikke)',
    'postkasse(?:n)? er fuld',
  ],
  oooSubject: ['automatisk svar', 'autosvar', 'fravaer', 'ikke pa kontoret', 'ikke til stede', 'pa ferie', 'ferie\\s*(?:$|[:!-])', 'barsel', 'orlov\\b'],
  oooBody: [
    'jeg er (?:p\\.? ?t\\.? |for tiden |i ojeblikket |desvaerre |lige nu |nu )?(?:pa ferie|pa barsel|pa barselsorlov|pa foraeldreorlov|pa orlov|pa forretningsrejse|pa kursus|sygemeldt|fravaerende|ikke pa kontoret|ude af huset|ikke til stede|bortrejst)',
    'jeg holder (?:sommer|jule|paske|efterars|vinter)?(?:ferie|fri)\\b', 'jeg har fri (?:til og med|t\\.o\\.m|frem til|indtil)', '(?:holder|har) (?:sommer|jule|paske)lukket', '\\bfravaerende\\b',
    'begraenset (?:adgang|mulighed) (?:til|for at (?:laese|svare pa|tjekke)) (?:min |mine )?(?:e-?mails?|mails?|indbakke|computer)',
    'laeser (?:ikke|ikke mine) (?:e-?mails?|mails?)', 'tilbage pa kontoret', 'pa kontoret igen', 'kan (?:forst |igen )?traeffes (?:igen|fra|efter|pa)', 'traeffes igen',
    'besvare(?:r|s)? (?:din|deres|jeres) (?:mail|e-?mail|henvendelse|besked) (?:nar jeg|efter min|hurtigst muligt efter|sa snart jeg er)', 'bliver ikke videresendt', 'videresendes ikke',
    'pa barsel',
    'indlagt\\b', 'gaet pa (?:barsel|orlov|ferie)',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'kontoret er lukket', 'kan ikke traeffes (?:for|indtil|til)\\b',
  ],
  unsubscribe: [
    'afmeld(?:e)? (?:mig|os|min|vores|venligst|denne|fra|nyhedsbrev)', 'afmeldes\\b', '(?:^|\\n)\\s*afmeld\\b',
    'fjern(?:e)? (?:venligst |gerne )?(?:mig|os)\\b', 'fjern(?:e)? (?:venligst |gerne )?(?:min|vores) (?:e-?mail|mail|adresse|e-?mailadresse|mailadresse|kontaktoplysninger)',
    '\\bslet(?:te|ter|tes)? (?:venligst |gerne )?(?:mig|os)\\b', '\\bslet(?:te|ter|tes)? (?:venligst |gerne )?(?:alle )?(?:mine|vores|personoplysninger|persondata)\\b', '\\bslet(?:te|ter)? (?:venligst )?min (?:e-?mail|mail)?adresse',
    'tag (?:mig|os) (?:af|ud af)', '(?:stop|stop venligst|hold op) med at (?:sende|skrive|maile|kontakte|ringe)', 'lad vaere med at (?:skrive|kontakte|maile|sende|ringe)',
    'kontakt (?:mig|os) ikke (?:igen|mere)', 'ikke (?:kontakte|skrive til|maile) (?:mig|os) (?:igen|mere)', 'onsker ikke (?:at )?(?:modtage|fa) (?:flere|mere|yderligere)',
    'frabeder (?:mig|os)', '(?:ingen|ikke) (?:flere|yderligere) (?:mails|e-?mails|henvendelser|beskeder|nyhedsbreve)', 'send (?:ikke|ingen) (?:mere|flere)',
    'vil ikke (?:have|modtage) (?:flere|mere) (?:mails?|e-?mails?|henvendelser)', 'fra (?:jeres|din|deres) (?:liste|lister|mailliste|mailingliste|database|kartotek|crm|udsendelser)',
    'undlad (?:venligst )?at (?:skrive|kontakte|sende|maile)',
    'ikke at blive kontaktet',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'vil (?:gerne )?frameldes', 'ikke (?:mere|flere) reklame', '\\bslet (?:denne|vores) (?:adresse|mail|e-?mail)', 'streg(?:e)? (?:os|mig)\\b',
  ],
  wrongPerson: [
    'arbejder ikke (?:laengere?|mere) (?:hos|i|for|pa|med)', 'ikke laengere? ansat', 'ikke laengere? i (?:virksomheden|firmaet|selskabet)', 'er stoppet (?:hos|i|pa|som)', 'jeg er stoppet\\b(?! med)', 'stoppede (?:hos|i firmaet|i virksomheden)',
    'er fratradt', 'fratradt min stilling', 'har forladt (?:virksomheden|firmaet|selskabet|organisationen)', 'jeg har sagt op', '(?:gaet|gik) pa pension',
    'ikke den (?:rette|rigtige|korrekte) (?:person|kontaktperson|kontakt)', 'forkerte? (?:person|kontaktperson|modtager|adresse|mailadresse|e-?mail(?:adresse)?)', 'ikke mit (?:omrade|ansvarsomrade|bord)',
  ],
  pointsElsewhere: [
    'kolleg(?:a|aer|aen|aerne|er|erne)', '\\b(?:kan|bedes|skal|venligst|gerne|hellere|til at) kontakte\\b', '\\bkontakt (?:venligst|i stedet|hellere|gerne|min|vores|ham|hende)\\b', 'i kontakt med', 'tage? kontakt til',
    'henvend (?:dig|jer|dem) (?:venligst |i stedet |gerne )?til', 'henvendelse(?:r)? (?:skal |kan |bedes )?(?:rettes|sendes) til', 'ret (?:venligst |gerne )?henvendelse(?:n)? til',
    '\\b(?:tal|snak) (?:hellere |i stedet |gerne )?med\\b', 'efterfolger', 'aflos(?:er|ning)', '(?<!hvem (?:der|som),? (?:har |nu har |skal )?)overtag(?:et|er)\\b', '(?<!hvem (?:der|som),? )tager sig af',
    'den (?:rette|rigtige) (?:person|kontaktperson) (?:er|vil vaere|ville vaere)', 'rette vedkommende (?:er|vil)',
    'videresendt', 'sendt (?:den |din mail |din henvendelse |mailen )?videre', 'sender (?:den |din mail |mailen )?videre', '\\b(?:pa|i) cc\\b', 'sat \\S+ (?:pa )?cc', 'cc\'?er', '\\bskriv (?:hellere |i stedet |gerne |direkte )?til\\b', '\\bmaile (?:hellere |i stedet |gerne |direkte )?(?:til|hende|ham)\\b', '\\bmail (?:hellere|i stedet|gerne|direkte) (?:til|hende|ham)\\b',
    '(?<!hvem)(?<!hvem,),? der (?:tager sig af|sidder med|har ansvaret for|star for)',
  ],

  attributionVerbs: ['skrev'],
  // Apple Mail: "4. mar. 2025 kl. 10.12 skrev Tom <tom@x.dk>:"; Gmail, Outlook.com and Thunderbird start with "Den".
  attributionStarts: ['\\d{1,2}\\. (?:jan|feb|mar|apr|maj|jun|jul|aug|sep|okt|nov|dec)\\p{L}*\\.? \\d{4}'],
  separators: ['oprindelig meddelelse', 'videresendt meddelelse', 'videresendt besked'],
  forwardStarts: ['start p[åa] videresendt (?:besked|meddelelse):', 'begyndelse p[åa] videresendt (?:besked|meddelelse):', 'videresendt (?:besked|meddelelse):'],
  headerFrom: ['fra'],
  headerNext: ['sendt', 'til', 'emne', 'dato', 'cc', 'bcc'],
  mobileFooters: ['sendt fra (?:min|mit) [\\w-]+(?:[ -][\\w-]+){0,3}\\.?', 'sendt fra (?:outlook|mail|yahoo mail)\\b.*', 'hent outlook til \\w+.*'],
  signOffs: [
    'med venlig(?:st)? hilsen', 'venlig(?:st)? hilsen', 'venlige hilsner', '(?:de )?bedste hilsner', 'mange hilsner', 'k(?:æ|ae)rlig hilsen', 'hilsen', 'hilsner',
    'mvh', 'vh', 'kh', '(?:rigtig |fortsat )?god (?:dag|weekend|sommer)', 'hav en (?:god|fortsat god|dejlig) (?:dag|weekend)', 'ha\' en god (?:dag|weekend)',
    'tak(?: igen| for nu| p[åa] forh[åa]nd)?', 'p[åa] forh[åa]nd tak', '/\\s?\\p{Lu}\\p{L}+(?: \\p{Lu}\\p{L}*\\.?)?',
  ],

  months: [
    ['januar', 'jan'], ['februar', 'feb'], ['marts', 'mar'], ['april', 'apr'], ['maj'], ['juni', 'jun'],
    ['juli', 'jul'], ['august', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec'],
  ],
  weekdays: [['sondag', 'sondagen'], ['mandag', 'mandagen'], ['tirsdag', 'tirsdagen'], ['onsdag', 'onsdagen'], ['torsdag', 'torsdagen'], ['fredag', 'fredagen'], ['lordag', 'lordagen']],
  tomorrow: ['i morgen', 'imorgen'],
  returnWords: ['tilbage', 'igen', 'retur', 'traeffes'],
  untilWords: ['til og med', 't\\.o\\.m', 'frem til', 'indtil'],
};
