import type { TriageLanguage } from './types.ts';

/**
 * Finnish. Rules run on folded text, so "ä" → "a", "ö" → "o": "poissa toimistolta", "vaaraan
 * osoitteeseen" (väärään), "alkaa lahettako" (älkää lähettäkö).
 *
 * Finnish puts "until" and "from" after the date ("14.3. asti", "17.3. alkaen"), so the date
 * words below that need it are zero-width lookaheads: ooo-date takes the first date at or after
 * a keyword's end, and a lookahead "keyword" ends right where the date starts. A range's dash
 * ("3.–14.3.") counts as an until word for the same reason.
 */
export const fi: TriageLanguage = {
  code: 'fi',

  // Outlook/Exchange: "Ei voida toimittaa: …"; older clients "Ei voitu toimittaa"; hosted mail "Viestin toimitus epäonnistui".
  bounceSubject: ['ei (?:voida|voitu) toimittaa', 'toimittamaton viesti', '(?:viestin )?toimitus epaonnistui', 'palautettu viesti'],
  bounceBody: [
    // Exchange Online / Outlook: "Viestiäsi ei voitu toimittaa …", "Toimitus seuraaville vastaanottajille tai ryhmille epäonnistui"
    'viesti(?:asi|si|a|nne)? ei (?:voitu|voida|voinut) toimittaa', 'ei voitu toimittaa (?:vastaanottajalle|seuraaville|osoitteeseen|yhdelle|kaikille)',
    'toimitus (?:seuraaville vastaanottajille (?:tai ryhmille )?)?epaonnistui', 'toimittaminen (?:seuraaville vastaanottajille )?epaonnistui',
    // Gmail: "Viestiäsi ei toimitettu osoitteeseen …, koska osoitetta ei löytynyt"
    'viestiasi ei toimitettu', 'ei toimitettu osoitteeseen', 'osoitetta ei (?:loydy|loytynyt)\\b', 'sahkopostiosoitetta ei (?:loydy|loytynyt)',
    'tuntematon vastaanottaja', 'vastaanottajaa ei (?:loydy|loytynyt)', '(?:vastaanottajan )?postilaatikko on taynna', 'pysyva virhe', 'virhe on pysyva',
  ],
  oooSubject: ['automaattinen vastaus', 'automaattivastaus', 'poissa toimistolta', 'poissaolo(?:ilmoitus)?\\b', 'lomavastaaja', 'lomalla\\b', '(?:vuosi|kesa|talvi|joulu)loma\\b'],
  oooBody: [
    'poissa toimistolta', 'poissa toista',
    // "olen lomalla", "olen vuosilomalla 14.3. asti", "… kesäkuun loppuun" — not "olen lomalla ensi viikon" or "… heinäkuun" (a person talking about the future).
    '(?:olen|olemme) (?:talla hetkella |parhaillaan |nyt |tanaan )?(?:vuosi|kesa|talvi|hiihto|syys|joulu|sairaus|isyys|aitiys|vanhempain|perhe|opinto|virka|hoito)?(?:lomalla|vapaalla)\\b(?! (?:ensi|koko ensi|\\S+kuussa|\\S+kuun\\b(?! (?:loppuun|puolivaliin|alkuun|\\d))|viikolla))',
    '(?:olen|olemme) (?:talla hetkella |parhaillaan |nyt )?(?:tyomatkalla|koulutuksessa|sairauslomalla|sairaana|messuilla)\\b(?! (?:ensi|koko ensi|\\S+kuussa|\\S+kuun\\b(?! (?:loppuun|puolivaliin|alkuun|\\d))|viikolla))',
    'palaan (?:takaisin |taas )?(?:toimistolle|toihin|tyopaikalle)', 'palaan lomalta', '(?:olen|olemme) (?:jalleen|taas|uudelleen) (?:tavoitettavissa|toimistolla|paikalla|toissa)\\b',
    'tavoitettavissa (?:jalleen|taas|uudelleen)\\b', 'luen (?:sahkopostejani|sahkopostiani|sahkopostia|viestejani) (?:vain )?rajoitetusti', 'rajoitetusti (?:sahkopostin|tavoitettavissa|puhelimitse)',
    'toimisto(?:mme)? on suljettu', 'en ole toimistolla (?:ajalla|valilla|\\d)',
    'takaisin (?:maanantaina|tiistaina|keskiviikkona|torstaina|perjantaina|ensi viikolla)',
  ],
  unsubscribe: [
    'poista(?:kaa|isitteko|isitko|tkaa|than|ttehan)? (?:ystavallisesti |heti |pikaisesti |jatkossa |nyt )?(?:minut|meidat|nimeni|osoitteeni|sahkopostiosoitteeni|yhteystietoni|tietoni|tietomme|osoitteemme|tama (?:sahkoposti)?osoite)',
    'poistakaa (?:\\S+ )?(?:listalta|listaltanne|rekisteristanne|rekisterista|jakelusta|postituslistalta)', 'pyyda(?:n|mme) poistamaan', 'poistamaan (?:minut|tietoni|osoitteeni|yhteystietoni|sahkopostiosoitteeni)',
    'tietojeni poistamista', '(?:postitus|jakelu|markkinointi|sahkoposti)?listaltanne', '(?:postitus|jakelu|markkinointi)listalta', '\\S*rekisteristanne', 'pois (?:jakelusta|listalta|postituslistalta|jakelulistalta)',
    '(?:ett)?en halua (?:enaa |jatkossa |vastaanottaa |saada |tallaisia |naita |teidan |mitaan |yhtaan )*(?:viesteja|sahkoposteja|sahkopostia|postia|markkinointia|markkinointiviesteja|yhteydenottoja|mainoksia)',
    '(?:ala|alkaa) (?:enaa )?(?:ota|ottako) (?:minuun |meihin )?(?:enaa )?yhteytta', '(?:ala|alkaa) (?:enaa )?(?:laheta|lahettako|laita|laittako) (?:minulle |meille |tanne )?(?:enaa|viesteja|sahkoposteja|postia|lisaa|mitaan)',
    '(?:ala|alkaa) (?:enaa )?(?:kirjoita|kirjoittako|spammaa|spammatko) (?:minulle|meille|enaa)', '(?:lopeta|lopettakaa) (?:tama |taman |naiden |viestien |sahkopostien )?(?:spammays|spammaaminen|spammaus|lahettaminen|lahettely|viestittely|postitus)',
    'kieltaydyn (?:suora)?markkinoinnista', 'ettette (?:enaa )?(?:laheta|lahettaisi|ota yhteytta)', '(?:minut|tietoni|osoitteeni|yhteystietoni) poistetaan', 'suoramarkkinointikielto', 'markkinointikielto', 'ei (?:enaa|lisaa) (?:viesteja|sahkoposteja|markkinointiviesteja|yhteydenottoja)',
    'lopettakaa (?:\\S+ ){0,3}lahett', 'lakatkaa lahettamasta',
    'jattakaa (?:minut|meidat) (?:jatkossa )?rauhaan', 'lopettakaa (?:myos )?(?:nuo |nama )?muistutus', 'poistakaa osoite', 'ottaa minut pois', 'estolistalle', 'en halua olla mukana', 'ettei osoitettani kayteta',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'pois (?:talta|tasta|teidan) (?:listalta|listasta|postituslistalta)', 'lopettaa (?:\\S+ )?(?:kirjoittelun|kirjoittamisen|viestittelyn)', 'osoitteeni voi poistaa', 'en halua olla mukana (?:\\S+ )?(?:lahetyksissanne|postituksissanne|listallanne|kampanjoissanne)', 'kiellan (?:\\S+ )?sahkopostimarkkinoinnin', 'pois tama osoite',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'lopettaa (?:\\S+ )?lahettamisen', 'osoitteeni saa poistaa',
  ],
  wrongPerson: [
    'en (?:enaa )?tyoskentele (?:enaa|nykyisin|nykyaan|tata nykya)\\b', 'en enaa tyoskentele', 'en ole (?:enaa toissa|toissa enaa)', 'en ole enaa (?:talossa|mukana (?:yrityksessa|yhtiossa|firmassa|toiminnassa))',
    'en ole enaa (?:\\S+ ){0,3}(?:palveluksessa|toissa)', 'en ole enaa (?:\\S+ ){0,3}(?:oy|oyj|ab):(?:ssa|lla)\\b',
    'ei (?:enaa )?tyoskentele (?:enaa )?(?:meilla|taalla|yrityksessamme|yhtiossamme|talossa)', 'ei ole enaa (?:meilla |talossa |yrityksemme |yhtiomme |meidan )?(?:toissa|palveluksessa)',
    'lahdin (?:pois )?(?:yrityksesta|firmasta|yhtiosta|talosta)', 'lopetin (?:\\S+ ){0,3}\\S+:(?:ssa|lla)\\b', 'lopetin (?:tyoni|siella)', 'tyosuhteeni (?:\\S+ ){0,3}(?:on )?paatty(?:nyt|i)',
    'olen siirtynyt (?:toisen |uuden )?(?:tyonantajan|yrityksen|organisaation|yhtion) palvelukseen', 'olen siirtynyt (?:toiseen|uuteen) (?:yritykseen|tyopaikkaan|yhtioon|firmaan)', 'siirryin (?:toiseen|uuteen) (?:yritykseen|tyopaikkaan|yhtioon|firmaan)',
    'en ole (?:teille |tassa )?(?:se )?oikea (?:henkilo|yhteyshenkilo|vastaanottaja|ihminen|taho)', 'vaara (?:henkilo|osoite|vastaanottaja|yhteyshenkilo|ihminen)\\b', 'vaaralle (?:henkilolle|ihmiselle|vastaanottajalle)', 'vaaraan osoitteeseen',
    'ei kuulu (?:minun |mun |lainkaan |ollenkaan )?(?:tehtaviini|vastuualueeseeni|vastuulleni|toimenkuvaani|alaani|poydalleni)', 'olen jaanyt elakkeelle', 'jain elakkeelle', 'olen (?:jo )?elakkeella',
    '(?:sahkoposti)?osoite ei ole (?:enaa )?(?:kaytossa|aktiivinen)', 'nimista (?:henkiloa|tyontekijaa)', 'olen opiskelija\\b',
  ],
  pointsElsewhere: [
    'ota(?:kaa)? (?:suoraan |mielummin |ystavallisesti )?yhteytta', 'olkaa (?:suoraan )?yhteydessa', '(?<!en )ole (?:suoraan )?yhteydessa', 'kannattaa (?:olla yhteydessa|kysya|kaantya|laittaa viestia|ottaa yhteytta|kirjoittaa)',
    'kaanny\\b', 'kaantykaa', 'puoleen\\b', 'kollega', 'tyokaveri', 'esihenkiloni', 'seuraaja(?:ni|ksi|na)?\\b', 'tilalleni', 'tehtaviani hoitaa', 'tehtavani (?:on )?(?:ottanut|siirtynyt)',
    '(?<!kuka(?: \\S+)? )hoitaa (?:nykyisin|nykyaan|jatkossa|nyt|naita|tata)', '(?<!en )(?<!kuka(?: \\S+)? )vastaa (?:nykyisin|nykyaan|jatkossa|nyt|naista|tasta|asiasta)',
    'valitin', 'valitan (?:viestisi|taman|asian|viestin)', '(?:laitoin|laitan|valitin|ohjasin|ohjaan|lahetin|lahetan) (?:\\S+ ){0,2}eteenpain',
    '(?<!kuka(?: \\S+)? )oikea (?:henkilo|yhteyshenkilo|taho) (?:on|olisi|asiaan|tahan)', 'mutta (?:\\S+ ){1,6}(?:varmasti|luultavasti|todennakoisesti|ehka) (?:on|osaa|tietaa)\\b', 'yhteyshenkilo(?:nne|mme)? (?:on|olisi|asiassa)', 'kopio(?:ssa|ksi|in)\\b', 'cc:(?:ssa|hen|lla)',
  ],

  // Gmail: "ti 4. maalisk. 2025 klo 10.12 Tom Lindqvist (tom@x.io) kirjoitti:"; Apple Mail: "4.3.2025 kello 10.12, Tom … kirjoitti:"; Thunderbird: "4.3.2025 10.12, Tom kirjoitti:".
  attributionVerbs: ['kirjoitti'],
  attributionStarts: ['(?:ma|ti|ke|to|pe|la|su)(?=\\s\\d)', '\\d{1,2}\\.\\s?(?:\\d{1,2}\\.\\d{2,4}|\\d{1,2}\\.|\\p{L}+\\.?)'],
  separators: ['alkuper[äa]inen viesti', 'v[äa]litetty viesti'],
  forwardStarts: ['v[äa]litetty viesti alkaa:', 'alkuper[äa]inen viesti alkaa:'],
  headerFrom: ['l[äa]hett[äa]j[äa]'],
  headerNext: ['l[äa]hetetty', 'vastaanottaja(?:t)?', 'aihe', 'kopio', 'p[äa]iv[äa]m[äa][äa]r[äa]', 'p[äa]iv[äa]ys'],
  mobileFooters: [
    'l[äa]hetetty (?:minun |omasta )?(?:iphonesta|ipadista|iphonestani|android-laitteesta|androidista|puhelimesta|puhelimestani|matkapuhelimesta|k[äa]nnyk[äa]st[äa]|mobiililaitteesta|mobiilista)',
    'l[äa]hetetty samsung[\\p{L}\\p{N} ]*-?[\\p{L}]*', 'l[äa]hetetty windows[\\p{L}\\p{N}: -]*', 'hanki outlook (?:for )?\\S+.*', 'l[äa]hetetty outlookista.*',
  ],
  signOffs: [
    '(?:\\p{L}+ )?\\p{L}*terveisin', 'terveiset', 'parhaat terveiset', 'terv', 'tervein', 'yst\\.? ?terv', 'yst[äa]v[äa]llisesti', 'kiitt[äa]en', 'kiitos ja terveisin',
    'kiitos', 'kiitos paljon', 'kiitos (?:jo )?etuk[äa]teen', 'hyv[äa][äa] (?:p[äa]iv[äa]njatkoa|jatkoa|viikonloppua|p[äa]iv[äa][äa]|kev[äa][äa]t[äa]|kes[äa][äa]|syksy[äa])',
    'mukavaa (?:p[äa]iv[äa][äa]|viikkoa|viikonloppua|p[äa]iv[äa]njatkoa)', 't', '(?:t|terv|terveisin|yst\\. ?terv)\\.? \\p{L}+(?: \\p{L}+)?',
  ],

  months: [
    ['tammikuu', 'tammikuuta', 'tammikuun', 'tammikuussa', 'tammikuuhun', 'tammikuusta', 'tammik'],
    ['helmikuu', 'helmikuuta', 'helmikuun', 'helmikuussa', 'helmikuuhun', 'helmikuusta', 'helmik'],
    ['maaliskuu', 'maaliskuuta', 'maaliskuun', 'maaliskuussa', 'maaliskuuhun', 'maaliskuusta', 'maalisk'],
    ['huhtikuu', 'huhtikuuta', 'huhtikuun', 'huhtikuussa', 'huhtikuuhun', 'huhtikuusta', 'huhtik'],
    ['toukokuu', 'toukokuuta', 'toukokuun', 'toukokuussa', 'toukokuuhun', 'toukokuusta', 'toukok'],
    ['kesakuu', 'kesakuuta', 'kesakuun', 'kesakuussa', 'kesakuuhun', 'kesakuusta', 'kesak'],
    ['heinakuu', 'heinakuuta', 'heinakuun', 'heinakuussa', 'heinakuuhun', 'heinakuusta', 'heinak'],
    ['elokuu', 'elokuuta', 'elokuun', 'elokuussa', 'elokuuhun', 'elokuusta', 'elok'],
    ['syyskuu', 'syyskuuta', 'syyskuun', 'syyskuussa', 'syyskuuhun', 'syyskuusta', 'syysk'],
    ['lokakuu', 'lokakuuta', 'lokakuun', 'lokakuussa', 'lokakuuhun', 'lokakuusta', 'lokak'],
    ['marraskuu', 'marraskuuta', 'marraskuun', 'marraskuussa', 'marraskuuhun', 'marraskuusta', 'marrask'],
    ['joulukuu', 'joulukuuta', 'joulukuun', 'joulukuussa', 'joulukuuhun', 'joulukuusta', 'jouluk'],
  ],
  // Nominative, essive ("maanantaina": on Monday), illative ("maanantaihin asti") and elative ("maanantaista alkaen"); never the two-letter abbreviations ("to", "la", "su" are words elsewhere).
  weekdays: [
    ['sunnuntai', 'sunnuntaina', 'sunnuntaihin', 'sunnuntaista'],
    ['maanantai', 'maanantaina', 'maanantaihin', 'maanantaista'],
    ['tiistai', 'tiistaina', 'tiistaihin', 'tiistaista'],
    ['keskiviikko', 'keskiviikkona', 'keskiviikkoon', 'keskiviikosta'],
    ['torstai', 'torstaina', 'torstaihin', 'torstaista'],
    ['perjantai', 'perjantaina', 'perjantaihin', 'perjantaista'],
    ['lauantai', 'lauantaina', 'lauantaihin', 'lauantaista'],
  ],
  tomorrow: ['huomenna', 'huomisesta'],
  returnWords: [
    'palaan', 'palaamme', 'palaa', 'paluu', 'paluuni', 'paluupaivani', 'paluupaiva', 'takaisin', 'jalleen', 'taas', 'uudelleen',
    // "olen tavoitettavissa 17.3. alkaen", "17.3. lähtien olen taas toimistolla": the date comes before its word.
    '(?:tavoitettavissa|toimistolla|paikalla|toissa|tavattavissa)(?= (?:\\S+ )?\\S+ (?:alkaen|lahtien)\\b)',
    '(?=\\S+ (?:\\S+ )?(?:alkaen|lahtien),? (?:olen |olemme )?(?:taas|jalleen|uudelleen)\\b)',
  ],
  untilWords: [
    // "14.3. asti", "perjantaihin 14.3. saakka", "14. maaliskuuta asti"
    '(?=\\S+ (?:\\S+ )?(?:asti|saakka)\\b)',
    // "3.–14.3.", "3.3.-14.3.2025": the second date of a range
    '(?<=\\d\\.\\s?[–-]\\s?|\\d\\s?–\\s?)(?=\\d)',
  ],
};
