import { all } from './languages/index.ts';
import { OTHER_SCRIPTS } from './other-scripts.ts';
import { fold } from './text.ts';
import { literalWords, TypoFixer } from './typos.ts';

/**
 * Phrases that decide a category on their own, in English, German, French, Spanish and Dutch
 * (inline below), the languages registered in ./languages/, and, for the categories a team must
 * not miss, Russian, Chinese and Japanese (./other-scripts.ts).
 * They run on accent-folded, lower-cased text with quoted history already stripped, so the
 * patterns are written without accents ("desabonner", "direccion").
 *
 * Only phrases that almost never mean anything else are here; everything subtler is the
 * classifier's. "strong" rules decide outright; "soft" ones (wrong person / referral) give way
 * to a classifier that is very sure of something else.
 */
export interface RuleHit {
  label: 'Bounce' | 'Out of office' | 'Unsubscribe' | 'Wrong person' | 'Referral';
  strength: 'strong' | 'soft';
  phrase: string;
  /** An absence read in the body (not the subject): a person may write it to ask to meet after the absence. */
  absenceInBody?: true;
}

/** The longest pattern a list of phrases is made into (see Phrases). */
export const MAX_PATTERN = 16_000;

/**
 * Many phrases, each matched from the start of a word: the lookbehind fails at once inside a
 * word, so an alternation is tried at a fifth of the positions (rules cost 20 µs a reply before,
 * 9.5 after: docs/triage.md "Cost on ingestion"), and "abmelden" no longer matches in the middle
 * of an unrelated word.
 *
 * A long list is cut into patterns of at most MAX_PATTERN characters, tried in turn: V8 stops
 * optimising a regular expression whose source passes 20 KB, and the unsubscribe phrases as one
 * pattern of 20.8 KB took 139 µs a reply instead of 4.
 */
export class Phrases {
  readonly patterns: RegExp[] = [];

  constructor(parts: readonly string[]) {
    let group: string[] = [];
    let length = 0;
    const close = () => {
      if (group.length) this.patterns.push(new RegExp(`(?<![a-z0-9])(?:${group.join('|')})`));
      group = [];
      length = 0;
    };
    for (const part of parts) {
      if (length + part.length + 1 > MAX_PATTERN) close();
      group.push(part);
      length += part.length + 1;
    }
    close();
  }

  /** The first pattern's match, the list's earlier phrases first; null when none matches. */
  exec(text: string): RegExpExecArray | null {
    for (const pattern of this.patterns) {
      const m = pattern.exec(text);
      if (m) return m;
    }
    return null;
  }
}
const re = (parts: string[]) => new Phrases(parts);
/** The registered languages' subject starts, anchored like the inline ones (none: a pattern that never matches). */
const subjectStarts = (parts: string[]) => (parts.length ? `^(?:fw: |fwd: |re: )?(?:${parts.join('|')})` : '(?!)');

const BOUNCE_SUBJECT = re([
  '^(?:fw: |fwd: )?(?:undeliverable|undelivered mail|delivery status notification \\((?:failure|delay)\\)|mail delivery failed|delivery failure|returned mail|failure notice|message not delivered|delivery has failed)',
  subjectStarts([...all('bounceSubject'), ...OTHER_SCRIPTS.bounceSubject]),
  '^(?:unzustellbar|nicht zustellbar|zustellung fehlgeschlagen|non remis|non distribuable|echec de (?:la )?(?:remise|distribution)|no se puede entregar|no entregado|error de entrega|onbestelbaar|niet bezorgd|bezorging mislukt)',
]);
const BOUNCE_BODY = re([
  'delivery to the following recipients? (?:has )?failed', 'delivery has failed to these recipients', 'message (?:could not|couldn\'t|wasn\'t|was not) (?:be )?delivered',
  'address not found', 'your message wasn\'t delivered', 'mailbox (?:unavailable|not found|does not exist|is full)', 'user unknown', 'no such user', 'recipient address rejected',
  'undeliverable', '\\b550[ -]5\\.[0-9]\\.[0-9]', 'permanent (?:fatal )?(?:error|failure)', 'this is the mail system at host', 'mail delivery subsystem', 'delivery status notification',
  'unzustellbar', 'konnte nicht zugestellt werden', 'zustellung (?:ist |an folgende empfanger )?fehlgeschlagen', 'empfanger(?:adresse)? (?:unbekannt|abgelehnt|wurde nicht gefunden)',
  'non remis', 'n\'a pas pu etre (?:remis|distribue|livre|delivre)', 'echec de (?:la )?(?:remise|distribution)', 'destinataire inconnu', 'adresse (?:e-?mail )?introuvable',
  'no se (?:ha )?pud(?:o|ieron) entregar', 'no se puede entregar', 'error de entrega', 'destinatario desconocido', 'direccion no encontrada', 'entrega (?:ha )?fallado',
  'onbestelbaar', 'kon niet worden (?:afgeleverd|bezorgd)', 'niet (?:kon )?worden bezorgd', 'bezorging (?:is )?mislukt', 'onbekende ontvanger', 'adres niet gevonden',
  ...all('bounceBody'),
  ...OTHER_SCRIPTS.bounceBody,
]);

const OOO_SUBJECT = re([
  '^(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response)|autoreply|out of (?:the )?office|ooo\\b|away from (?:the )?office|on leave|vacation)',
  '^(?:abwesenheit(?:snotiz)?|automatische antwort|auto-antwort|automatische abwesenheit|nicht im buro|urlaub)',
  '^(?:reponse automatique|absent(?:e)?\\b|absence|message d\'absence|en conges)',
  '^(?:respuesta automatica|fuera de la oficina|ausente|ausencia|de vacaciones)',
  '^(?:automatisch antwoord|afwezig(?:heid)?|out of office|met vakantie|niet aanwezig)',
  subjectStarts([...all('oooSubject'), ...OTHER_SCRIPTS.oooSubject]),
]);
const OOO_BODY = re([
  'out of (?:the )?office', '\\bi(?: a|\')m (?:currently )?(?:away|out|travell?ing|on (?:annual |parental |maternity |paternity |sick )?(?:leave|vacation|holiday))\\b(?! of (?:the )?(?:loop|budget))',
  'on (?:annual|parental|maternity|paternity|sick) leave', '(?:limited|no|intermittent) access to (?:my )?e-?mails?', 'away from (?:the|my) (?:office|desk)', 'currently (?:away|on (?:leave|holiday|vacation))',
  'i will (?:be )?(?:back|return) (?:in the office )?on', '(?:i(?: a|\')m|i will be) taking (?:some |a few days |a bit of |a little )?time off', 'i will be back in the office', 'returning (?:to the office )?on',
  'abwesend', 'nicht im (?:buro|hause|haus)\\b', 'ausser haus', '(?:bin|befinde mich) (?:derzeit |aktuell |zurzeit |bis \\S+ )?(?:im|in) (?:urlaub|elternzeit|mutterschutz)', 'urlaubsbedingt', 'keinen zugriff auf (?:meine )?e-?mails',
  'wieder (?:im buro|erreichbar|zuruck|da)\\b',
  'absent(?:e)? (?:du bureau|jusqu|a partir|pour)', 'actuellement absent', '(?:je suis|suis) (?:actuellement )?en (?:conges|vacances)', 'hors du bureau', 'de retour (?:au bureau )?(?:le|a partir|lundi|mardi|mercredi|jeudi|vendredi)', 'acces limite a (?:mes|ma) (?:e-?mails|messagerie|courriels)',
  'fuera de la oficina', '(?:estoy|estare|me encuentro) (?:actualmente )?(?:de vacaciones|fuera de la oficina|ausente|de baja)', 'estare de vuelta', 'de vuelta el', 'regreso el', 'acceso limitado a(?:l)? (?:mi )?correo',
  'afwezig', 'buiten kantoor', '(?:ben|zijn) (?:momenteel |tot en met \\S+ )?(?:met|op) vakantie', 'weer (?:aanwezig|terug|op kantoor)', 'beperkt toegang tot (?:mijn )?e-?mail', 'niet op kantoor',
  'away,? (?:and )?back (?:in |on )',
  '(?:auf|in) (?:geschafts|dienst)reise\\b',
  'arret maladie', 'hospitalise', 'reprise prevue',
  '(?:met|op) vakantie (?:vertrokken|gegaan)',
  'office (?:is|will be) closed', 'out this (?:week|wk)\\b',
  'klausurtagung', 'team-?offsite', 'nehme (?:bis \\S+ )?an einer? (?:lehrgang|seminar|schulung|weiterbildung|fortbildung|messe|konferenz)',
  'en conges\\b', 'pas d\'acces (?:aux |a mes )?(?:mails?|e-?mails?|messagerie)',
  'oficinas? (?:permanecen?|estaran?|estan?) cerradas?',
  'in het ziekenhuis', 'met (?:zwangerschaps|ouderschaps|bevallings)verlof', 'met verlof\\b',
  // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
  'estoy ingresad[oa]', 'kantoor is gesloten', 'sabbatical bis\\b',
  ...all('oooBody'),
  ...OTHER_SCRIPTS.oooBody,
]);

const UNSUBSCRIBE = re([
  'unsub?scri?be', 'remove me (?:from|of)', 'remove (?:my|this) (?:e-?mail|address|name|contact)', 'take me off', 'take my (?:e-?mail|address|name) off', 'opt(?:ed)?[- ]out',
  '(?:stop|quit) (?:e-?mailing|emailing|contacting|spamming|sending|writing|messaging) (?:me|us|this address)', '(?:do not|don\'t|never) (?:e-?mail|contact|write to|message) (?:me|us) (?:again|anymore|any more|further)',
  '(?:do not|don\'t) (?:e-?mail|contact) me\\b', 'no (?:more|further) e-?mails', 'delete (?:my|our) (?:data|details|contact|(?:e-?mail )?address|e-?mail)', '(?:erase|delete) (?:all )?(?:the )?(?:my |our )?personal data', 'off your (?:mailing |e-?mail )?list', 'leave me alone',
  'abmelden', 'abbestellen', 'austragen', 'aus (?:ihrem|ihrer|dem|der|eurem|eurer|deinem|deiner) (?:verteiler|liste|newsletter|datenbank|kartei)', 'keine (?:weiteren |weitere )(?:e-?mails|mails|nachrichten|zuschriften|kontaktaufnahmen?)', 'keine (?:e-?mails|mails|nachrichten|zuschriften|kontaktaufnahmen?) mehr',
  'nicht (?:mehr|wieder|weiter) (?:kontaktieren|anschreiben|anmailen|mailen|schreiben|belastigen)', 'loschen sie (?:bitte )?(?:meine|unsere) (?:daten|adresse|e-?mail)', 'unterlassen sie (?:bitte )?(?:(?:kunftig|zukunftig|ab sofort) )?(?:weitere|jegliche|jede) (?:e-?mails|mails|nachrichten|kontaktaufnahmen?|zusendungen|werbung)', 'entfernen sie (?:mich|meine)',
  'desabonn', 'desinscri', 'retirez[- ]moi', 'supprimez[- ]moi', 'ne (?:plus|pas|jamais) me (?:contacter|recontacter|solliciter|ecrire|relancer)', 'ne me (?:contactez|recontactez|sollicitez|relancez|ecrivez) plus',
  'ne m\'ecrivez plus', 'plus jamais de (?:mails?|e-?mails?|messages?|courriels?|relances?)\\b', 'n\'ecrivez plus', '(?:arretez|cessez) de (?:m\'|me |nous )(?:ecrire|contacter|recontacter|relancer|solliciter|inonder|envoyer)', 'de ne plus (?:m\'|nous )?(?:ecrire|envoyer)', 'ne (?:souhaite|souhaitons|veux|voulons) (?:plus |pas )?(?:etre )?(?:demarche|sollicite|recontacte)s?', 'retirer mon adresse', 'supprimer mes (?:donnees|coordonnees)', 'de votre (?:liste|fichier|base)(?: de diffusion)?',
  'dar(?:me|nos)? de baja', 'dame de baja', 'baja,? (?:porfa|por favor|pls)', 'denme de baja', 'darse de baja', 'no me (?:contacte|contacten|escriba|escriban|envie|envien|vuelva|vuelvan)', 'deje(?:n)? de (?:escribirme|enviarme|contactarme|escribirnos)', 'no (?:me|nos) (?:escribais|escribas|mandeis|envieis|contacteis) mas',
  'elimin(?:e|en|ad|ar|ame|enme) (?:mi|mis|nuestro) (?:correo|direccion|email|e-mail|contacto|datos)', '(?:sacar|quitar)(?:me|nos) de (?:su|la|vuestra|tu)', 'quiteme de', 'saquenme de', 'elimin(?:e|en|ad) (?:esta|mi) (?:direccion|cuenta de correo)', 'no me incluy(?:a|an|ais|erais|eran|ays) en (?:mas|sus|vuestros|vuestras) (?:envios|listas|comunicaciones|correos)',
  'afmelden', 'uitschrijven', 'haal (?:me|mij|ons) (?:van|uit)', 'verwijder (?:me|mij|mijn|ons)', 'niet meer (?:mailen|benaderen|contacteren|e-?mailen|te mailen|te benaderen)', 'geen (?:verdere )?e-?mails? meer', 'stop met (?:mailen|e-?mailen)',
  '(?:do not|don\'t|never) send (?:anything|any(?: more)? (?:e-?mails?|messages?))(?: more| else)? to (?:this|my) (?:address|e-?mail|inbox)', '(?:not|never) (?:be )?e-?mailed again', 'no (?:more|further) (?:mailings|messages|newsletters|e-?mail campaigns)', 'exclude (?:me|us|my address|this address) from (?:your|all|any|future)',
  'unterlassen sie (?:bitte )?(?:(?:kunftig|zukunftig|ab sofort) )?(?:weitere|jegliche|jede)(?: weitere)? (?:e-?mails|mails|nachrichten|kontaktaufnahmen?|zusendungen|werbung)', 'nichts mehr (?:senden|schicken|zusenden)', 'nicht (?:mehr|wieder|weiter) zu (?:kontaktieren|schreiben|mailen|anzuschreiben)', 'horen sie (?:bitte )?auf,? (?:mir|mich|uns) (?:zu )?(?:schreiben|kontaktieren|anzuschreiben|mailen)', '(?:will|mochte) nichts mehr von (?:ihnen|euch|dir) (?:bekommen|erhalten|horen|lesen)', 'einstellung (?:jeglicher|der|aller) (?:kommunikation|kontaktaufnahme|zusendungen)', 'nicht mehr (?:angeschrieben|kontaktiert|angemailt|angerufen) (?:zu )?werden', 'tragen sie (?:mich|uns) (?:bitte )?(?:uberall |sofort |umgehend )?aus\\b', 'widerspruch gegen (?:die )?(?:verwendung|nutzung|verarbeitung)', 'lass(?:en sie|t)? (?:mich|uns) in ruhe', 'runter von (?:der|eurer|ihrer|ihren|euren) (?:liste|verteiler)',
  'je m\'oppose a (?:toute|tout|la prospection|l\'utilisation|au traitement)', 'droit d\'opposition', 'article (?:17|21) du rgpd', 'coordonnees (?:soient )?(?:effacees|supprimees|retirees)', 'cess(?:ez|iez|er) (?:toute|tout|vos|les) (?:relances?|sollicitations?|envois?|messages?|contacts?)', 'retir(?:er|ez)(?: \\S+)? de vos (?:envois|listes|fichiers|campagnes)', 'ne (?:recoive|recevoir|recois) plus (?:ces|vos|de)',
  'no me (?:volvais|vuelvas|vuelva|vuelvan) a (?:escribir|contactar|enviar|mandar)', 'desaparezca de (?:vuestros|sus|tus|vuestras) (?:ficheros|listas|bases)', 'borr(?:eis|en|ad|ar|e) (?:mis|nuestros) datos',
  'bezwaar tegen (?:verdere|het gebruik|de verwerking|commerciele)', 'niet (?:meer|langer) (?:benaderd|gemaild|gecontacteerd|lastiggevallen) (?:te )?worden', 'stuur (?:me |mij |ons )?geen (?:e-?mails?|mails|berichten|herinneringen|reminders) meer', 'schrappen uit (?:uw|jullie|je)',
  'opt (?:me|us) out', 'call off (?:the|your) (?:chasers|follow-?ups|sequence|reminders)', 'right to (?:erasure|be forgotten)', 'delete (?:everything|all|anything) you (?:hold|have|keep|store) (?:on|about) (?:me|us)',
  'get me off (?:it|this|that|your|the|whatever)', 'stop (?:these|the|your|all) (?:automated |automatic |endless )?(?:follow-?ups|e-?mails|messages|sequences?|reminders|chasers)\\b', 'wipe (?:my|our) (?:details|data|address|contact)', 'remove (?:me|us)(?=[.!,]|$)',
  'widerrufe\\b.{0,40}einwilligung', 'funkstille', 'schreiben sie (?:mir|mich|uns|diese adresse) (?:nie wieder|nicht mehr|nicht wieder)', 'nie wieder (?:an)?(?:schreiben|kontaktieren|mailen)', 'untersage (?:ich )?ihnen', 'nachfass-?(?:mails|e-?mails|nachrichten)',
  'ne m\'envoyez plus', 'supprime[zr] (?:simplement |donc )?(?:mon|mes|nos|notre) (?:contact|coordonnees|adresse|donnees|e-?mail)', 'effac(?:er|ez) (?:mon|mes|nos|notre) (?:e-?mail|adresse|coordonnees|donnees)',
  'me opongo a (?:recibir|que|el tratamiento)', 'ni un (?:correo|email|e-mail|mensaje) mas', 'quit(?:ad|en|e|ar) (?:esta|mi|nuestra) direccion', 'no (?:escribais|escriban|envieis|envien|mandeis|manden) mas',
  'stuur (?:me |mij |ons )?niets meer', 'meld (?:me|mij|ons) (?:hierbij )?af\\b', 'hoe (?:meld|schrijf) ik (?:me|mij) (?:af|uit)', 'van (?:de|jullie|uw|je|die) (?:lijst|mailinglijst|verzendlijst|maillijst) af', 'eraf (?:te )?halen', 'stop met contact (?:opnemen|zoeken)', 'geen vervolg ?(?:mails|e-?mails|berichten)',
  // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
  'off the (?:mailing |e-?mail )?list for (?:me|us)', '(?:do not|don\'t|never) (?:e-?mail|contact|write to|message) this (?:address|account|inbox|e-?mail address)', 'aufhoren,? (?:mir|uns) (?:das|dies|diese \\S+|solche \\S+|ihre \\S+) zu (?:schicken|senden|schreiben|mailen)', 'm\'enlever de (?:la|votre|vos|ces) (?:boucle|liste|listes|fichier|fichiers|base|envois)', 'retrait de (?:la|votre|vos) (?:liste|listes|fichier|base)', 'je ne (?:veux|souhaite) plus rien recevoir', 'retirez (?:mes|nos) coordonnees', 'no me (?:mandeis|mandes|manden|envieis|envies) (?:nada )?mas', 'tachad (?:mi|nuestra) direccion', 'cese (?:el envio|de enviar)', 'no quiero (?:seguir|estar|continuar) en (?:vuestras|sus|tus) listas', 'no me anad(?:ais|an|as|a) a (?:mas |ninguna |otras )?listas?', 'niet (?:meer|langer) te (?:contacteren|e-?mailen)', 'stop (?:de|die|deze|jullie|uw) (?:automatische )?(?:mails|e-?mails|berichten|mailings)',
  // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
  'delete this (?:e-?mail )?address', 'object to the processing of (?:my|our) (?:personal )?data', 'lachez-moi avec vos (?:e-?)?mails', 'haal (?:mijn|ons|dit) (?:e-?mail)?adres (?:weg|eruit|uit)', 'neem (?:me|mij) niet (?:meer )?op in', 'schrap (?:me|mij)\\b',
  ...all('unsubscribe'),
  ...OTHER_SCRIPTS.unsubscribe,
]);

/**
 * A reply that is nothing but a command to stop ("remove", "STOP", "Opt out.", "entfernen",
 * "Austragen, danke."), after a greeting at most: an unsubscribe, though inside a sentence each
 * word could mean anything.
 */
const BARE_UNSUBSCRIBE = new RegExp(
  '^(?:(?:hi|hello|hey|dear|hallo|moin|servus|bonjour|salut|hola|buenas|hoi|beste|ciao|buongiorno|ola|bom dia|hej|hei|moi|dzien dobry|dobry den|ahoj)\\b[^\\n]{0,40}\\n+)?' +
    '(?:please |pls |bitte |svp |por favor |graag |per favore |prosze |prosim )?' +
    '(?:remove(?: me)?|stop(?:p| it)?|unsubscribe|opt[- ]?out|entfernen|austragen|aufhoren|retirez-moi|desinscription|baja|afmelden|verwijderen|rimuovetemi|rimuovere|remover|parem|sluta|avregistrera|afmeld|lopettakaa|lopeta|wypisz|odhlasit|odhlaste)' +
    '[\\s.!,]*(?:(?:thanks|thank you|thx|pls|please|danke|bitte|merci|svp|gracias|bedankt|grazie|obrigad[oa]|tack|tak|kiitos|dziekuje|dekuji)[\\s.!,]*)*$',
);

/** "I left / this is not my job": wrong person, or a referral when the reply points somewhere else. */
const WRONG_PERSON = re([
  'no longer (?:work|working|with|employed|at|part of|responsible)', '(?:have|has|i\'ve) left (?:the company|the business|the organi[sz]ation|\\w+ (?:in|last|a few))', 'not (?:the right|the correct|the appropriate|the relevant) (?:person|contact|addressee)', 'wrong (?:person|contact|address|e-?mail)',
  'nicht mehr (?:bei|fur|im unternehmen|in der firma|tatig|beschaftigt)', 'habe das unternehmen verlassen', 'nicht (?:der|die) richtige (?:ansprechpartner|ansprechpartnerin|person|adresse)', 'falsche[nr]? (?:ansprechpartner|person|adresse)',
  'ne (?:fait|fais|travaille) plus (?:partie|chez|pour)', 'a quitte (?:la societe|l\'entreprise)', 'ai quitte (?:la societe|l\'entreprise)', 'pas (?:la bonne|le bon) (?:personne|interlocuteur|contact)', 'mauvais(?:e)? (?:personne|interlocuteur|adresse)',
  'ya no (?:trabaja|trabajo|estoy|esta|forma parte)', 'dej(?:e|o) la empresa', 'no soy la persona (?:adecuada|indicada|correcta)', 'no es la persona (?:adecuada|indicada|correcta)', 'persona equivocada',
  'niet meer (?:werkzaam|in dienst|bij|werk)', 'heb(?:t)? het bedrijf verlaten', 'niet de (?:juiste|aangewezen) (?:persoon|contactpersoon)', 'verkeerde (?:persoon|contactpersoon|adres)',
  ...all('wrongPerson'),
]);
const POINTS_ELSEWHERE = re([
  '\\b(?:contact(?! me)|reach out to|speak (?:to|with)|talk (?:to|with)|get in touch with|write to|forwarded (?:this|your)|forwarding (?:this|your)|cc\'?d|cc\'ing|copying|copied|looped in|colleague|successor|replacement|took over)\\b',
  'kolleg(?:e|in|en)', 'wenden sie sich (?:bitte )?an', 'sprechen sie (?:bitte )?mit', 'richtige(?:r)? ansprechpartner(?:in)? (?:ist|ware)', 'ansprechpartner(?:in)? (?:ist|dafur)', '(?<!nicht )weitergeleitet', 'nachfolger(?:in)?', 'in (?:kopie|cc)',
  'collegue', 'adressez[- ]vous', 'vo(?:ir|yez) (?:plutot )?avec', 'le bon interlocuteur est', 'contacter', 'contactez', 'en copie', '(?<!pas (?:ete )?)transmis', 'successeur', 'remplacant',
  'companer[oa]', 'colega', 'habl(?:a|e|ar) con', 'te paso el contacto', 'la persona (?:adecuada|indicada) es', 'contact(?:ar|e|en) (?:con|a)', 'dirig(?:irse|ase|anse)', 'en copia', '(?<!no (?:sera |es |ha sido |se ha )?)reenviado', 'sucesor', 'escrib(?:a|ir|anle|ale) a',
  'collega', 'neem (?:contact|gerust contact) op met', 'spreek (?:even |eens )?met', 'de juiste (?:contact)?persoon is', 'wend u tot', 'in de cc', '(?<!niet )doorgestuurd', 'opvolger', 'contact opnemen met', 'mail (?:naar|met)',
  ...all('pointsElsewhere'),
]);

/** The long words the body's phrases spell out, each read through one slip of the keyboard (typos.ts). */
const TYPOS = new TypoFixer(
  [BOUNCE_BODY, OOO_BODY, UNSUBSCRIBE, WRONG_PERSON, POINTS_ELSEWHERE].flatMap((p) => p.patterns.flatMap((r) => literalWords(r.source))).concat(literalWords(BARE_UNSUBSCRIBE.source)),
);

/** An address in the text; not an inline image's content id ("[cid:image001.png@01D7…]"). */
const ADDRESS = /(?<![a-z0-9._%+-]|cid:)[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g;

/**
 * `strippedBody`: without quoted history; `ownText`: also without the signature (where an address
 * or name would not be a pointer to someone else). Where the text as written matches nothing, it
 * is read once more with each slip of a long word undone (typos.ts): a slip can add a match, never
 * take one away.
 */
export function matchRules(subject: string, strippedBody: string, ownText: string, fromEmail: string): RuleHit | null {
  const body = fold(strippedBody);
  const own = fold(ownText);
  const hit = matchFolded(subject, body, own, fromEmail);
  if (hit) return hit;
  const fixed = TYPOS.fix(body);
  // the own text is part of the body: without a slip in the body, it has none either
  return fixed === body ? null : matchFolded(subject, fixed, TYPOS.fix(own), fromEmail);
}

function matchFolded(subject: string, body: string, own: string, fromEmail: string): RuleHit | null {
  const subj = fold(subject).trim();
  let m: RegExpExecArray | null;
  if ((m = BOUNCE_SUBJECT.exec(subj)) || (m = BOUNCE_BODY.exec(body))) return { label: 'Bounce', strength: 'strong', phrase: m[0] };
  if ((m = OOO_SUBJECT.exec(subj))) return { label: 'Out of office', strength: 'strong', phrase: m[0] };
  if ((m = UNSUBSCRIBE.exec(body))) return { label: 'Unsubscribe', strength: 'strong', phrase: m[0] };
  if ((m = BARE_UNSUBSCRIBE.exec(own.trim()))) return { label: 'Unsubscribe', strength: 'strong', phrase: m[0].trim() };
  const left = WRONG_PERSON.exec(own);
  // "has left; mail is not forwarded" is no absence: the person left (as with an automatic answer's headers)
  if ((m = OOO_BODY.exec(body)) && !left) return { label: 'Out of office', strength: 'strong', phrase: m[0], absenceInBody: true };
  if ((m = left)) {
    const phrase = m[0];
    const sender = fromEmail.trim().toLowerCase();
    const otherAddress = (own.match(ADDRESS) ?? []).some((a) => a !== sender);
    const pointer = POINTS_ELSEWHERE.exec(own.replace(phrase, ' '));
    if (otherAddress || pointer) return { label: 'Referral', strength: 'soft', phrase: `${phrase} + ${pointer ? pointer[0] : 'another address'}` };
    return { label: 'Wrong person', strength: 'soft', phrase };
  }
  return null;
}
