import type { TriageLanguage } from './types.ts';

/**
 * Polish: Exchange/Outlook and Gmail in Polish, the big Polish providers (WP, Onet, Interia,
 * home.pl, o2), Thunderbird and Apple Mail. FOLDED patterns are written without accents and
 * with ł → l ("wiadomosc", "dostepny", "wylaczona").
 */
export const pl: TriageLanguage = {
  code: 'pl',

  // ── rules (FOLDED) ───────────────────────────────────────────────────────────────────────
  bounceSubject: [
    'niedostarczalne', 'nie mozna dostarczyc', 'niedostarczona wiadomosc', 'wiadomosc niedostarczona', 'wiadomosc nie zostala dostarczona',
    'zwrot (?:poczty|wiadomosci)', 'zwrocona wiadomosc', 'blad (?:dostarczenia|doreczenia)', 'powiadomienie o stanie dostarcz\\w* \\(niepowodzenie\\)',
  ],
  bounceBody: [
    'nie (?:mogla|moze|mogly) zostac dostarczon[aey]', 'wiadomosc(?:i)? nie zostala dostarczona (?:do|na adres|adresat)', 'nie mozna dostarczyc (?:wiadomosci|twojej wiadomosci|tej wiadomosci|do)',
    'nie udalo sie dostarczyc (?:wiadomosci|twojej wiadomosci|do)', 'dostarczenie (?:wiadomosci )?do (?:tych|nastepujacych|ponizszych) adresatow', 'dostarczenie [^.\\n]{0,60}nie powiodlo sie',
    'nie znaleziono adresu', 'adres(?: e-?mail)? nie zostal znaleziony', '(?:nieznany|nieistniejacy) (?:adresat|odbiorca|uzytkownik)', 'adresat nie istnieje', 'odbiorca nie istnieje',
    'nie ma takiego (?:uzytkownika|konta|adresata)', '(?:konto|skrzynka)(?: pocztowa)? (?:adresata|odbiorcy) (?:nie istnieje|jest pelna|jest przepelniona|zostala zablokowana)',
    '(?:trwaly|krytyczny) blad dostarcz', 'powiadomienie o stanie dostarcz', 'raport (?:o )?niedostarczeni',
  ],
  oooSubject: [
    'odpowiedz automatyczna', 'automatyczna odpowiedz', 'autoodpowiedz', 'autoresponder', 'poza biurem', 'nieobecnosc', 'jestem na urlopie', 'urlop\\b', 'jestem poza biurem',
  ],
  oooBody: [
    '(?:rozchorowal(?:em|am) sie|jestem (?:dzis |dzisiaj |teraz )?chor[ya])',
    '(?:jestem|przebywam) (?:obecnie |aktualnie |teraz |dzis |dzisiaj |chwilowo |do \\S+ \\S+ )?(?:poza biurem|na urlopie|na zwolnieniu|na zwolnieniu lekarskim|na l4|w podrozy sluzbowej|na delegacji|nieobecn[ya])',
    'przebywam na (?:urlopie|zwolnieniu|delegacji|szkoleniu)', 'nieobecn[ya] w (?:biurze|pracy) (?:do|od|w dniach|az)', 'nieobecnosc do', 'wyjazd\\S* sluzbow\\S* (?:do|od|w dniach)', 'ograniczony dostep do (?:poczty|skrzynki|e-?maili|maila|komputera)',
    'wracam do (?:biura|pracy)', 'powrot do (?:biura|pracy)', 'ponownie dostepn[ya] (?:od|w|we|po)', 'odpowiem (?:na (?:nia|pana|pani|panstwa) (?:wiadomosc|maila) )?(?:niezwlocznie |jak najszybciej |najszybciej jak to mozliwe )?po (?:moim )?powrocie',
    'odpisze (?:niezwlocznie |jak najszybciej )?po (?:moim )?powrocie', 'na urlopie macierzynskim', 'na urlopie rodzicielskim', 'wiadomosc nie (?:jest|bedzie|zostanie) przekazywana',
    'mam (?:dzis|dzisiaj|jutro) wolne', '(?:dzis|dzisiaj) nieobecn[ya]',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'mam wolne (?:do|od|w|we)\\b',
  ],
  unsubscribe: [
    'skasowac (?:wszystko|moje dane|moj adres)',
    'wypisz(?:cie)? (?:mnie|nas)', 'prosze (?:mnie |nas )?wypisac', 'wypisanie (?:mnie|nas|z listy|z bazy|z newslettera)', 'wypisac (?:mnie|nas|sie)', 'wypisuje sie',
    '\\busun(?:cie)? (?:mnie|nas|moj adres|moje dane|ten adres|moj e-?mail)', 'prosze (?:o )?(?:usunac|usuniecie) (?:mnie|nas|mojego|moich|naszego|naszych|tego adresu|adresu|moj|moje)',
    '\\busunac (?:mnie|nas|moj adres|moje dane|nasz adres|ten adres)', 'z (?:waszej|panstwa|pana|pani|twojej) (?:listy (?:mailingowej|wysylkowej|adresowej|kontaktow|odbiorcow|subskrybentow)|bazy(?: danych| adresowej| kontaktow| mailingowej)?(?! klient))', 'z listy (?:mailingowej|wysylkowej|odbiorcow|dystrybucyjnej|kontaktow)',
    'prosze (?:do mnie |ze mna |mi )?(?:wiecej|juz|ponownie) (?:do mnie |ze mna |mi |sie )?nie (?:pisac|kontaktowac|wysylac|przesylac|nekac)',
    'prosze (?:do mnie |ze mna |mi )?nie (?:pisac|kontaktowac sie|wysylac|przesylac)(?: do mnie| ze mna| mi)? (?:wiecej|juz|ponownie)',
    'nie (?:piszcie|wysylajcie|przesylajcie|kontaktujcie sie) (?:juz |wiecej )?(?:do mnie|mi|ze mna|wiecej|juz)', 'wiecej do mnie nie pis', 'nie zycze sobie (?:kontaktu|dalszego|dalszych|wiadomosci|otrzymywania|korespondencji|takich)',
    'rezygnuje z (?:otrzymywania|subskrypcji|newslettera|mailingu|korespondencji)', 'rezygnacja z (?:subskrypcji|newslettera|otrzymywania)', 'wycofuje (?:zgode|swoja zgode)',
    'nie chce (?:wiecej |juz |dalej )?(?:otrzymywac|dostawac) (?:od (?:was|panstwa|pana) )?(?:zadnych |takich |wiecej )?(?:maili|wiadomosci|e-?maili|ofert|newslettera)',
    'zadnych (?:wiecej |dalszych )?(?:maili|wiadomosci|e-?maili|ofert)(?: wiecej)?,? prosze', 'usuniecie (?:moich|naszych) danych', 'usunac moje dane', 'zaprzesta(?:c|nie|nia) (?:wysylania|kontaktu|przesylania|kontaktowania)', 'przestan(?:cie)? (?:do mnie |mi |nam )?(?:pisac|wysylac|spamowac|przysylac)',
    'sprzeciw wobec przetwarzania', 'nie wyrazam zgody na (?:otrzymywanie|przesylanie|przetwarzanie|kontakt|dalszy)', '\\bwykresl(?:ic|cie|enie)? (?:mnie|nas|moj|z)', '\\bniewysylanie',
    'dosc (?:tego )?spamu',
    'zostawcie (?:moja skrzynke|mnie|nas) w spokoju', 'skasowac (?:ten|moj|nasz) adres', 'skasujcie (?:mnie|moj|ten|moje|nas)',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'przestac (?:mi )?(?:przysylac|wysylac|pisac)', 'przestac z tymi (?:mailami|wiadomosciami)', 'kasujcie (?:go|moj|ten|nasz|moje)', 'wypisac ze? (?:wszystkich|listy|bazy)',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'nie zycze sobie (?:newsletterow|ofert|maili|e-?maili)', '(?:wiadomosci|maili|ofert) sobie nie zycze', 'usuncie (?:\\S+ )?moj (?:e-?mail|adres)',
  ],
  wrongPerson: [
    'nie pracuje juz', 'juz nie pracuje\\b', 'nie pracuje w (?:tej |naszej )?(?:firmie|spolce)', 'nie jestem juz (?:pracownikiem|pracowniczka|zatrudnion|w firmie|zwiazan)', 'nie jest juz (?:pracownikiem|pracowniczka|zatrudnion|zwiazan)',
    'odszedl(?:em)? z (?:firmy|pracy|\\S+ w)', 'odeszla(?:m)? z (?:firmy|pracy|\\S+ w)', 'zakonczyl(?:em|am|a)? (?:prace|wspolprace) (?:z firma|w firmie|w \\S+ w)',
    'nie jestem (?:wlasciwa|odpowiednia|wlasciwym|odpowiednim) (?:osoba|adresatem|adresatka)', 'nie jestem osoba (?:wlasciwa|odpowiednia|odpowiedzialna|decyzyjna|kompetentna)',
    'niewlasciw(?:y|ego|a) (?:adres|adresat|osob)', 'zly adres', 'pod (?:zly|niewlasciwy) adres', 'nie (?:ta|tej) osob', 'nie ma u nas (?:takiej osoby|osoby o)', 'nie ma takiej osoby',
    'nie zajmuje sie (?:juz )?(?:tym|tymi|ta|tematem|zakupami|sprawami)', 'nie odpowiadam za (?:ten|te|to|ta|zakupy|tego|takie)', 'to nie (?:moj|moja) (?:dzial|dzialka|obszar|zakres|kompetencja)',
  ],
  pointsElsewhere: [
    'przekazal(?:em|am|a)?\\b', 'przekaze (?:pana|pani|panstwa|wiadomosc|maila|dalej|to)', 'przesylam dalej', 'przeslalem|przeslalam',
    'prosze (?:sie )?(?:skontaktowac|kontaktowac|zwrocic|zwracac|pisac|napisac|dzwonic|zadzwonic)', 'prosze o kontakt z', 'najlepiej (?:bedzie )?(?:napisac|skontaktowac|zwrocic|pisac|kontaktowac)',
    'skontaktuj(?:cie)? sie z', 'zwroc(?:cie)? sie do', 'napisz(?:cie)? do', 'w kopii', 'dodaje (?:do kopii|w kopii)',
    'nastepc', 'zastepuje mnie', '(?<!kto )przejal(?:a)? (?:moje|obowiazki|ten|sprawy|moj)', '(?<!nie )(?<!kto )zajmuje sie\\b', '(?<!nie )(?<!kto )(?<!to )odpowiada za\\b', '\\bkoleg(?:a|i|e|ow|om)\\b', '\\bkoledze\\b', 'kolezank', 'wlasciwa osoba (?:jest|to|bedzie)', 'wlasciwym adresatem (?:jest|bedzie)',
    'odpowiedzialn[ya] (?:za to |za ten obszar |za zakupy )?jest',
  ],

  // ── quoting and signatures (RAW) ─────────────────────────────────────────────────────────
  attributionVerbs: ['napisa[łl](?:\\(a\\)|a)?', 'napisan[ay]', 'pisze'],
  // Gmail: "pon., 3 mar 2025 o 10:12 Tomasz <t@x.pl> napisał(a):" (a wrapped line has no address on its first half)
  attributionStarts: ['w dniu', 'dnia', 'wiadomo[śs][ćc] napisana przez', '(?:pon|wt|[śs]r|czw|pt|sob|niedz|nie)\\.,'],
  separators: ['wiadomo[śs][ćc] oryginalna', 'oryginalna wiadomo[śs][ćc]', 'wiadomo[śs][ćc] przekazana dalej', 'przekazana wiadomo[śs][ćc]', 'wiadomo[śs][ćc] przekazywana'],
  forwardStarts: ['pocz[ąa]tek przekazywanej wiadomo[śs]ci:', 'pocz[ąa]tek wiadomo[śs]ci przekazanej dalej:'],
  headerFrom: ['od'],
  headerNext: ['wys[łl]ano', 'wys[łl]any', 'do', 'dw', 'udw', 'temat', 'data'],
  mobileFooters: [
    "wys[łl]an[eoa] (?:z|ze|przy u[żz]yciu) (?:mojego |mojej |aplikacji |urz[ąa]dzenia |telefonu |programu )?(?:iphone|ipad|samsung|galaxy|smartfon|telefon|androida?|outlook|poczt|huawei|xiaomi|plus|wp|onet|interia|mobil)\\S*(?: [\\w'’.-]+){0,5}",
    'pobierz (?:aplikacj[ęe] )?outlook.*',
  ],
  signOffs: [
    'pozdrawiam(?: serdecznie| serdeczno[śs]ciami| ciep[łl]o)?', 'serdecznie pozdrawiam', 'serdeczno[śs]ci', 'pozdrowienia', 'pozdr', 'z pozdrowieniami', 'z powa[żz]aniem', 'z wyrazami szacunku',
    '[łl][ąa]cz[ęe] (?:pozdrowienia|wyrazy szacunku)', 'dzi[ęe]kuj[ęe](?: i pozdrawiam)?', 'z g[óo]ry dzi[ęe]kuj[ęe]', 'dzi[ęe]ki', 'mi[łl]ego dnia', 'dobrego dnia', 'pozdrawiam i [żz]ycz[ęe] mi[łl]ego dnia',
  ],

  // ── dates (FOLDED) ───────────────────────────────────────────────────────────────────────
  months: [
    ['styczen', 'stycznia', 'styczniu', 'sty'],
    ['luty', 'lutego', 'lutym', 'lut'],
    ['marzec', 'marca', 'marcu'],
    ['kwiecien', 'kwietnia', 'kwietniu', 'kwi'],
    ['maj', 'maja', 'maju'],
    ['czerwiec', 'czerwca', 'czerwcu'],
    ['lipiec', 'lipca', 'lipcu', 'lip'],
    ['sierpien', 'sierpnia', 'sierpniu'],
    ['wrzesien', 'wrzesnia', 'wrzesniu', 'wrz'],
    ['pazdziernik', 'pazdziernika', 'pazdzierniku', 'paz'],
    ['listopad', 'listopada', 'listopadzie'],
    ['grudzien', 'grudnia', 'grudniu', 'gru'],
  ],
  weekdays: [
    ['niedziela', 'niedziele', 'niedzieli'],
    ['poniedzialek', 'poniedzialku', 'pon'],
    ['wtorek', 'wtorku'],
    ['sroda', 'srode', 'srody'],
    ['czwartek', 'czwartku', 'czw'],
    ['piatek', 'piatku'],
    ['sobota', 'sobote', 'soboty'],
  ],
  tomorrow: ['jutro'],
  returnWords: ['wracam', 'wroce', 'powrot(?:u|em)?', 'powrocie', 'ponownie', 'dostepn[ya] od', 'obecn[ya] od', 'w (?:biurze|pracy) (?:bede )?od', 'bede w (?:biurze|pracy)'],
  untilWords: ['do', 'do dnia', 'az do'],
};
