import type { TriageLanguage } from './types.ts';

/**
 * Italian. Delivery failures as Exchange/Outlook ("Non recapitabile:", "Impossibile recapitare il
 * messaggio"), Gmail ("Indirizzo non trovato"), qmail's Italian templates, Libero, Aruba and PEC
 * ("Avviso di mancata consegna") write them; Outlook's "Risposta automatica:"; Gmail's "Il giorno
 * … ha scritto:", Apple Mail's "Il giorno … alle ore …, … ha scritto:", Thunderbird's "Il
 * 03/03/2025 10:12, … ha scritto:"; Outlook's Da/Inviato/A/Oggetto block.
 */
export const it: TriageLanguage = {
  code: 'it',

  bounceSubject: [
    'non recapitabile', 'recapito non riuscito', '(?:avviso|notifica) di mancata consegna', 'mancata consegna', 'messaggio non (?:recapitato|consegnato)',
    'notifica (?:sullo |di )?stato (?:del )?recapito', 'posta non recapitata', 'impossibile recapitare',
  ],
  bounceBody: [
    'impossibile recapitare il messaggio', 'recapito non riuscito',
    'il (?:tuo |suo |vostro )?messaggio non (?:e stato|e|ha potuto essere|puo essere) (?:recapitato|consegnato)',
    'non e stato possibile (?:recapitare|consegnare) il (?:tuo |suo |vostro )?messaggio', 'non (?:sono riuscito|siamo riusciti) a consegnare il (?:tuo |suo )?messaggio',
    '(?:avviso|notifica) di mancata consegna', 'mancata consegna del messaggio', 'messaggio non (?:recapitato|consegnato)', 'messaggio (?:da lei |da te )?inviato non e stato (?:recapitato|consegnato)',
    'indirizzo non trovato', 'l\'indirizzo (?:di posta elettronica |e-?mail )?(?:immesso |inserito |specificato )?non (?:e stato trovato|esiste)',
    '(?:destinatario|utente) (?:sconosciuto|inesistente|non trovato)', 'casella (?:di posta )?(?:piena|inesistente|non esistente|non trovata)', 'errore permanente',
  ],
  oooSubject: ['risposta automatica', 'fuori (?:ufficio|sede)', 'assente\\b', 'assenza\\b', 'in ferie', 'ferie\\b', '(?:messaggio|risposta) di assenza'],
  oooBody: [
    'sono (?:attualmente |momentaneamente |temporaneamente )?(?:fuori (?:ufficio|sede)|in ferie|assente|in maternita|in paternita|in congedo|in malattia|in trasferta|in viaggio (?:di|per) lavoro)',
    'saro (?:assente|fuori (?:ufficio|sede)|in ferie|in trasferta|in congedo)', 'fuori ufficio', 'assente dall\'ufficio',
    'di nuovo in ufficio', 'rientrero in (?:ufficio|sede)', 'rientro (?:in ufficio|in sede|previsto)',
    'accesso (?:limitato|saltuario|ridotto) (?:alla|alle|a) (?:posta|e-?mail|mail|casella)', 'senza accesso (?:alla|alle) (?:posta|e-?mail|mail)', 'non avro accesso (?:alla|alle) (?:posta|e-?mail|mail)',
    'congedo (?:di )?(?:maternita|paternita|parentale)', 'chius[io] per (?:ferie|le festivita|festivita|ponte)', 'chiusura (?:estiva|natalizia|aziendale|per ferie)',
    '(?:sono|e) ricoverat[oa]',
  ],
  unsubscribe: [
    'cancellate(?:mi|ci)\\b', 'cancellami\\b', 'cancellar(?:mi|ci) (?:da|dalla|dalle|dai|dal)\\b', 'mi cancell(?:i|ate) (?:da|dalla|dalle|dai|dal)\\b',
    'cancella(?:re|te) (?:il mio|la mia|i miei) (?:indirizzo|contatto|nominativo|dati|e-?mail|mail)', 'cancellazione (?:immediata )?(?:del mio|della mia|dei miei)',
    'rimuovete(?:mi|ci)\\b', 'rimuovimi\\b', 'rimuovermi\\b', 'mi rimuov(?:a|ete|i) (?:da|dalla|dalle|dai|dal)\\b', 'rimuove(?:re|te) (?:il mio|la mia|i miei) (?:indirizzo|contatto|nominativo|dati|e-?mail|mail)',
    'toglietemi\\b', 'togliermi (?:da|dalla|dalle|dai|dal)\\b', 'togliete (?:il mio|la mia) (?:indirizzo|contatto|e-?mail|mail)',
    'elimina(?:re|te) (?:il mio|la mia|i miei) (?:indirizzo|contatto|nominativo|dati|e-?mail|mail)', 'disiscriv', 'disiscrizione', 'non usa(?:re|te) piu (?:il mio|la mia|i miei) (?:indirizzo|e-?mail|mail|dati|contatt)',
    'non (?:voglio|desidero) (?:piu )?ricevere (?:altre|ulteriori|queste|le vostre|piu|e-?mail|mail|comunicazioni|newsletter|messaggi)',
    'non (?:mi )?(?:scrivete|scrivetemi|contattate|contattatemi|inviatemi|mandatemi|scriva|contatti|invii|mandi) (?:piu|altre)\\b',
    'di non (?:contattarmi|scrivermi|inviarmi|mandarmi|ricontattarmi) (?:piu|ulteriormente|in (?:nessun|alcun) modo)',
    'smettet(?:e|ela) di (?:scrivermi|contattarmi|mandarmi|inviarmi)', 'vi diffido', 'revoco (?:il|ogni|qualsiasi|qualunque) consenso',
    'dalla vostra (?:lista|mailing|newsletter|banca dati|base dati)', 'dai vostri (?:elenchi|database|archivi|indirizzari)', 'dal vostro (?:database|indirizzario|archivio)',
    'essere (?:rimoss|cancellat)[oa] da', 'basta (?:e-?mail|mail|spam)\\b',
    'bloccate (?:per favore )?(?:qualsiasi|ogni|tutte le) (?:spedizion|invi|comunicazion|email|mail)',
    'rimuovete (?:pure )?(?:tutti )?(?:i miei|il mio|la mia|le mie)', 'non (?:mandate|inviate|spedite) piu', 'non ricevere piu', 'dai vostri invii',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'non ricontattarmi', 'non ricevere (?:altri|piu) (?:promemoria|solleciti|messaggi|e-?mail|mail)', 'smettete di (?:scrivere|mandare|inviare) (?:a questo|a quest|al mio|alla mia)',
  ],
  wrongPerson: [
    'non lavoro piu (?:per|presso|in|con|da|nella|nel|alla|al|li|qui)\\b', 'non lavora piu (?:per|presso|in|con|da|nella|nel|alla|al|qui)\\b',
    'non (?:faccio|fa) piu parte (?:dell\'azienda|della societa|dell\'organico|del gruppo|del team|dello staff|del nostro|della nostra|di questa)',
    'non (?:sono|e) piu (?:in forza|dipendente|presso|in azienda|in societa|con noi|nel team)', '(?:ho|ha) lasciato (?:l\'azienda|la societa|l\'organizzazione|il gruppo|la ditta)',
    'non sono (?:io )?(?:la persona|il referente|la referente|l\'interlocutore) (?:giust[oa]|corrett[oa]|indicat[oa]|adatt[oa]|di riferimento)', 'non sono (?:io )?(?:il|la) referente',
    'non sono piu (?:io )?(?:il|la) responsabile', 'non (?:e|rientra) (?:di|nella|nelle) (?:mia|mie) competenz[ae]', 'esula dalle mie competenze',
    'persona sbagliata', '(?:indirizzo|destinatario|contatto) (?:sbagliato|errato)', '(?:ha|avete|hai) sbagliato (?:persona|indirizzo|destinatario)',
  ],
  pointsElsewhere: [
    'rivolg(?:ersi|asi|a|ete|etevi|iti)\\b', '(?<!non )(?<!non mi )contatt(?:ate|are|arlo|arla)\\b', '(?<!non )(?<!non mi )(?<!(?:suoi|tuoi|vostri|miei|nostri|i|dei|nei|ai|dai|coi|altri|nuovi) )contatti\\b', '(?<!non )(?<!non mi )scriv(?:a|ete|ere) (?:pure |direttamente )?(?:a|al|alla|all\'|allo)\\b',
    'inoltrat[oa]', 'inoltr(?:o|ero)\\b', 'ho girato', 'giro (?:la|il|per)\\b', 'per competenza', 'in copia', 'mett(?:o|iamo) in contatto', 'passo il (?:suo |tuo )?contatto', '(?:le|ti) passo',
    'referente (?:giusto |corretto )?(?:e|sara)\\b', 'persona giusta (?:e|sarebbe)\\b', '(?<!chi )se ne occupa\\b', 'sostitut[oa]', 'successore', 'ha preso il mio posto', 'mi ha sostituit[oa]',
    'nuov[oa] referente', 'parl(?:i|are|ate) con', 'provi (?:con|a scrivere)',
  ],

  attributionVerbs: ['ha\\s+scritto', 'scrisse'],
  attributionStarts: ['il', 'il giorno', 'in data'],
  separators: ['messaggio originale', 'messaggio inoltrato'],
  forwardStarts: ['inizio messaggio inoltrato:'],
  headerFrom: ['da'],
  headerNext: ['inviato', 'a', 'oggetto', 'data', 'cc', 'ccn'],
  mobileFooters: [
    'inviato da(?:l mio)? (?:iphone|ipad|smartphone|cellulare|dispositivo mobile|telefono)\\b.*', 'inviato dal mio (?:smartphone |dispositivo )?(?:samsung|huawei|xiaomi|android|galaxy)\\b.*',
    'inviato da (?:outlook|posta|libero mail|yahoo mail|mail)\\b.*', '(?:scarica|ottieni) outlook per \\w+.*',
  ],
  signOffs: [
    'cordiali saluti', 'distinti saluti', 'saluti(?: cordiali)?', 'cari saluti', 'un (?:caro |cordiale )?saluto', 'grazie(?: mille)?', 'grazie e (?:buona giornata|saluti|buon lavoro)',
    'buona giornata', 'buon lavoro', 'buona serata', 'a presto', 'ciao', 'un abbraccio', 'cordialit[àa]', 'in attesa di (?:un )?(?:suo|vostro|tuo) (?:cortese )?riscontro',
    '(?:resto|restiamo|rimango|rimaniamo) a (?:sua |vostra |tua )?disposizione',
  ],

  months: [
    ['gennaio', 'gen'], ['febbraio', 'feb'], ['marzo', 'mar'], ['aprile', 'apr'], ['maggio', 'mag'], ['giugno', 'giu'],
    ['luglio', 'lug'], ['agosto', 'ago'], ['settembre', 'sett'], ['ottobre', 'ott'], ['novembre', 'nov'], ['dicembre', 'dic'],
  ],
  weekdays: [['domenica'], ['lunedi'], ['martedi'], ['mercoledi'], ['giovedi'], ['venerdi'], ['sabato']],
  tomorrow: ['domani', 'domattina'],
  returnWords: ['rientro', 'rientrero', 'rientra', 'di rientro', 'ritorno', 'ritornero', 'tornero', 'di nuovo (?:in ufficio|disponibile|operativ[oa]|raggiungibile)', 'nuovamente (?:in ufficio|disponibile|operativ[oa]|raggiungibile)', 'riapriremo', 'riapertura'],
  untilWords: ['fino (?:al|alla|allo|a|all\')', 'sino (?:al|alla|a|all\')', 'a tutto il'],
};
