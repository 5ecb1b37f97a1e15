import type { TriageLanguage } from './types.ts';

/**
 * Czech: Exchange/Outlook and Gmail in Czech, Seznam (Email.cz), Centrum, Thunderbird and Apple
 * Mail. FOLDED patterns are written without háčky and čárky ("doruceni", "nepritomen", "zpet").
 */
export const cs: TriageLanguage = {
  code: 'cs',

  // ── rules (FOLDED) ───────────────────────────────────────────────────────────────────────
  bounceSubject: [
    'nedorucitelne', 'nedorucena zprava', 'zprava nebyla dorucena', 'nelze dorucit', 'vracena zprava', 'chyba (?:pri )?doruceni', 'doruceni se nezdarilo', 'selhani doruceni',
    'oznameni o stavu doruceni \\((?:selhani|chyba)\\)',
  ],
  bounceBody: [
    'zprav(?:u|a|y) (?:nebylo mozne|nelze|se nepodarilo|nemohla byt) dorucit', '(?:nepodarilo|nebylo mozne) (?:se )?dorucit (?:zpravu|vasi zpravu|nasledujicim|na adresu|prijemci)',
    'nemohla byt dorucena', 'nebyla dorucena (?:na adresu|prijemci|prijemcum|nasledujicim|adresatovi|protoze)', 'doruceni [^.\\n]{0,60}se nezdarilo', 'adresa (?:prijemce )?nebyla nalezena',
    'prijemce (?:neexistuje|nebyl nalezen|je neznamy)', 'neznamy (?:prijemce|uzivatel|adresat)', 'uzivatel (?:neexistuje|nebyl nalezen)', 'schranka (?:prijemce |adresata )?(?:je plna|je zaplnena|neexistuje|byla zrusena)',
    'trvala chyba', 'oznameni o stavu doruceni', 'zprava je nedorucitelna', 'nedorucitelna zprava',
  ],
  oooSubject: [
    'automaticka odpoved', 'automaticka zprava', 'mimo kancelar', 'nepritomnost', 'dovolena\\b', 'jsem mimo kancelar', 'jsem na dovolene', 'autoodpoved',
  ],
  oooBody: [
    'mimo kancelar', '(?:jsem|budu) (?:ted |nyni |momentalne |aktualne |dnes |do \\S+ \\S+ )?(?:na dovolene|nepritom(?:en|na|ny)|na sluzebni ceste|na materske|na rodicovske|v pracovni neschopnosti|mimo (?:urad|firmu|pracoviste|kancelar))',
    'cerpam dovolenou', 'omezeny pristup k (?:e-?mailu|e-?mailum|poste|emailove|pocitaci)', 'bez pristupu k (?:e-?mailu|poste|pocitaci)',
    'zpet v kancelari', '(?:budu )?(?:opet|zpet) k (?:zastizeni|dispozici)', 'vracim se (?:do kancelare|do prace|zpet)', 'vratim se (?:do kancelare|do prace)',
    'odpovim (?:vam )?(?:co nejdrive |hned |neprodlene )?po (?:mem |svem )?navratu', 'po (?:mem |svem )?navratu (?:vam )?(?:odpovim|se ozvu|zpravu vyridim)', 'vase zprava nebude preposlana',
    'celozavodni dovolen', 'kancelar je (?:\\S+ \\S+ )?zavrena', 'do \\S+ na dovolene',
  ],
  unsubscribe: [
    'namitk[uay] proti zpracovani',
    'odhlaste (?:mne|me|nas|mi)', 'odhlasit (?:mne|me|nas|z odberu|ze seznamu|z vaseho|z databaze)', 'odhlaseni (?:z|ze) (?:odberu|seznamu|vaseho|databaze|newsletteru|rozesilani)',
    'vyrad(?:te|it) (?:mne|me|nas|muj|moji|nasi|moje|tento)', '\\bvymazte (?:mne|me|muj|moji|moje|nas|prosim)', '\\bsmazte (?:mne|me|muj|moji|moje|nas|prosim (?:mne|me|muj|moji|moje))',
    '\\bodstrante (?:mne|me|muj|moji|moje|nas)', 'z (?:vaseho|vasi|tveho|tve) (?:seznamu|databaze|mailing|adresare|rozesilani|kartoteky|evidence)',
    '\\bnepiste mi (?:uz|jiz|vice|dalsi|prosim)', '(?:uz|jiz|vice) mi (?:prosim )?nepiste', '\\bnekontaktujte (?:mne|me|nas)(?: (?:uz|jiz|vice|znovu|prosim)|[.!]|$)', '(?:uz|jiz|prosim) (?:mne|me|nas) nekontaktujte',
    'neposilejte (?:mi|nam) (?:uz|jiz|dalsi|vice|zadne|prosim)', '(?:uz|jiz|prosim) mi neposilejte', 'nechci (?:uz |jiz |nadale )?(?:dostavat|dostat|prijimat|odebirat) (?:od vas )?(?:zadne |dalsi |vase )*(?:e-?maily|zpravy|nabidky|obchodni)', 'nechci (?:od vas )?(?:uz |zadne |dalsi )+(?:e-?maily|zpravy|nabidky)',
    'prestan(?:te)? (?:prosim )?(?:mi |nam )?(?:psat|posilat|spamovat)', 'nepreji si (?:byt )?(?:dale |nadale |vice |uz )?(?:kontaktovan|dostavat|zadne|dalsi)', 'nesouhlasim se (?:zasilanim|zpracovanim)',
    '\\bnezasilani', 'odstraneni (?:teto|me|moji|mych|nasi) adres', 'vyrazeni (?:z|ze) ', '(?:uz|jiz) mi nic neposilejte',
    'zadne dalsi (?:e-?maily|zpravy|nabidky)', 'odvolavam (?:svuj )?souhlas', 'vymaz(?:u|ani|at)? (?:mych|me|moji|nasich) (?:udaju|adresy|kontakt|osobnich)', 'vymazani (?:z|ze) ', 'smazani (?:mych|nasich) (?:udaju|osobnich|kontakt)',
    'prestan(?:te)? (?:mi |nam )?(?:psat|posilat)', 'prestat (?:mi |nam )?(?:psat|posilat)', 'na cernou listinu', 'nepreji si,? aby (?:se )?(?:moje|me|nase) (?:adresa|udaje)',
    'nechte (?:me|mne|nas) (?:uz )?na pokoji', 'odhlaseni z techto', 'prestan(?:te)? (?:me |mne |nas )?obtezovat', 'rozesilanim prestan', 'nezarazujte', 'dalsi obchodni sdeleni',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'me nechte na pokoji', 'zapomente na (?:tuhle|tuto|moji|mou|nasi) adresu', 'adresu (?:mi )?vymazte', 'zlikvidujte (?:moje|me|nase) (?:kontaktni )?udaje', '(?:uz|jiz) zadne kontakty', 'o (?:jejich|jeho) vymaz\\b',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'adres[au] pryc',
  ],
  wrongPerson: [
    '(?:uz|jiz) (?:zde |tu |u vas |u nas |ve (?:firme|spolecnosti) |v (?:teto|nasi|dane) (?:firme|spolecnosti) )?nepracuj(?:i|e)\\b', 'nepracuj(?:i|e) (?:uz|jiz)\\b', 'nepracuj(?:i|e) (?:ve|v|pro) (?:firme|spolecnosti|teto|vasi|nasi)',
    '(?:jiz|uz) (?:ve (?:firme|spolecnosti) )?nepusob(?:i|im)\\b', 'nepusob(?:i|im) (?:uz|jiz)\\b', '(?:uz|jiz) nejsem (?:zamestnan|zamestnancem|zamestnankyni|ve firme|ve spolecnosti|soucasti)',
    'odesel jsem (?:z|ze) (?:firmy|spolecnosti)', '(?:z|ze) (?:firmy|spolecnosti) jsem odes(?:el|la)\\b', 'odesla jsem (?:z|ze) (?:firmy|spolecnosti)', 'opustil(?:a)? jsem (?:firmu|spolecnost)', 'ukoncil(?:a)? jsem (?:pracovni pomer|spolupraci s|sve pusobeni)',
    'nejsem (?:ta )?(?:spravna|prava|vhodna|kompetentni|povolana) osoba', 'nejsem spravn(?:y|a) (?:kontakt|adresat|clovek)', '(?:spatn|nespravn)(?:a|y|e|eho) (?:adres|osob|kontakt|adresat|clovek)',
    'nemam (?:tohle |to |tuto oblast |tuto agendu |nakup |nakupy |tyto veci )?na starosti', 'nejsem (?:za to|za tuto oblast|za nakup) zodpovedn', 'nezodpovidam za (?:to|tuto|nakup|tyto)', 'takovy clovek tu nepracuje',
  ],
  pointsElsewhere: [
    '\\bkoleg(?:a|ovi|u|yne|yni|ove|um)\\b', 'nastup(?:ce|kyne|kyni|kyn)', '\\bkontaktujte\\b', 'obratte se (?:prosim )?na', 'napiste (?:prosim )?(?:na|kolegovi|kolegyni|panu|pani)',
    'preposlal(?:a)? jsem', 'preposilam', 'predal(?:a)? jsem', 'predavam', 'v kopii', 'davam do kopie', '(?<!kdo )prevzal(?:a)? (?:moji|mou|moje|agendu|tuto)', 'spravn(?:a|y) osoba (?:je|bude)',
    '\\b(?<!kdo )(?<!kdo to )ma (?:to |tuto oblast |nakup )?na starosti', '(?<!kdo )(?<!kdo by )se (?:tim|tomu) zabyva', 'ozvete se (?:prosim )?(?:na|kolegovi|kolegyni)',
  ],

  // ── quoting and signatures (RAW) ─────────────────────────────────────────────────────────
  attributionVerbs: ['napsal(?:\\(a\\)|a)?', 'p[íi][šs]e'],
  // Gmail: "po 3. 3. 2025 v 10:12 odesílatel Tomáš <t@x.cz> napsal:" (a wrapped line has no address on its first half)
  attributionStarts: ['dne', 'odes[íi]latel', '(?:po|[úu]t|st|[čc]t|p[áa]|so|ne) \\d{1,2}\\.'],
  separators: ['p[ůu]vodn[íi] zpr[áa]va', 'p[řr]eposlan[áa] zpr[áa]va', 'p[řr]epos[íi]lan[áa] zpr[áa]va'],
  forwardStarts: ['za[čc][áa]tek p[řr]epos[íi]lan[ée] zpr[áa]vy:', 'za[čc][áa]tek p[řr]eposlan[ée] zpr[áa]vy:'],
  headerFrom: ['od'],
  headerNext: ['odesl[áa]no', 'komu', 'kopie', 'p[řr]edm[ěe]t', 'datum', 'skryt[áa] kopie'],
  mobileFooters: [
    "odesl[áa]no (?:z|ze) (?:m[ée]ho |m[ée] |aplikace |za[řr][íi]zen[íi] )?(?:iphon|ipad|mobil|telefon|samsung|galaxy|android|outlook|po[šs]t|seznam|smartphon|xiaomi|huawei)\\S*(?: [\\w'’.-]+){0,5}",
    'z[íi]skat (?:aplikaci )?outlook.*',
  ],
  signOffs: [
    's pozdravem', 's p[řr][áa]telsk[ýy]m pozdravem', 's [úu]ctou', 'srde[čc]n[ěe] zdrav[íi]m', 'zdrav[íi]m', 'p[ěe]kn[ýy] den', 'hezk[ýy] den', 'd[ěe]kuji(?: a zdrav[íi]m)?', 'd[ěe]kuji p[ěe]kn[ěe]',
    'd[íi]ky', 'm[ěe]jte se(?: hezky| fajn)?', 's pozdravem a p[řr][áa]n[íi]m (?:hezk[ée]ho|p[ěe]kn[ée]ho) dne', 's pozdravem a p[řr][áa]n[íi]m hezk[ée]ho dne',
  ],

  // ── dates (FOLDED) ───────────────────────────────────────────────────────────────────────
  months: [
    ['leden', 'ledna', 'lednu'],
    ['unor', 'unora', 'unoru'],
    ['brezen', 'brezna', 'breznu'],
    ['duben', 'dubna', 'dubnu'],
    ['kveten', 'kvetna', 'kvetnu'],
    ['cerven', 'cervna', 'cervnu'],
    ['cervenec', 'cervence', 'cervenci'],
    ['srpen', 'srpna', 'srpnu'],
    ['zari'],
    ['rijen', 'rijna', 'rijnu'],
    ['listopad', 'listopadu'],
    ['prosinec', 'prosince', 'prosinci'],
  ],
  weekdays: [
    ['nedele', 'nedeli'],
    ['pondeli', 'pondelka', 'pondelku'],
    ['utery', 'uterek', 'uterka', 'uterku'],
    ['streda', 'stredu', 'stredy'],
    ['ctvrtek', 'ctvrtka', 'ctvrtku'],
    ['patek', 'patku', 'patka'],
    ['sobota', 'sobotu', 'soboty'],
  ],
  tomorrow: ['zitra'],
  returnWords: ['vracim se', 'vratim se', 'se vracim', 'se vratim', 'zpet', 'navrat(?:u|em)?', 'opet', 'k zastizeni od', 'dostupn[ya] od', 'v (?:kancelari|praci) (?:budu )?od', 'nastupuji'],
  untilWords: ['do', 'az do', 'do dne'],
};
