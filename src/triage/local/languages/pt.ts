import type { TriageLanguage } from './types.ts';

/**
 * Portuguese, European first, Brazilian too. Delivery failures as Exchange/Outlook write them
 * ("Não entregue:", "Não é possível entregar:", "A entrega falhou para estes destinatários",
 * "Falha na entrega"), Gmail ("Endereço não encontrado", "A sua mensagem não foi entregue"), SAPO,
 * UOL and Brazilian hosts ("Mensagem não entregue", "caixa postal cheia"); Outlook's "Resposta
 * automática:"; Gmail's "Em seg., 3 de mar. de 2025 às 10:12, … escreveu:" (pt-BR) and "… escreveu
 * no dia …:" (pt-PT), Apple Mail's "A 3/03/2025, às 10:12, … escreveu:", Thunderbird's "No dia …
 * escreveu:"; Outlook's De/Enviado(a)/Para/Assunto block.
 */
export const pt: TriageLanguage = {
  code: 'pt',

  bounceSubject: [
    'nao e possivel entregar', 'nao entregue', 'nao foi possivel entregar', 'falha na entrega', 'mensagem (?:nao entregue|devolvida)', 'erro (?:de|na) entrega',
    'notificacao de (?:estado|status) (?:da |de )?entrega', 'a entrega falhou', 'devolucao de mensagem',
  ],
  bounceBody: [
    'a entrega falhou (?:para|a|aos?)\\b', 'falha na entrega (?:para|a|aos?|da mensagem)\\b', 'nao (?:foi|e) possivel entregar (?:a|esta) (?:sua )?mensagem',
    '(?:sua|a) mensagem (?:enviada )?(?:para \\S+ )?nao (?:pode ser|pode|foi|podia ser) entregue', 'mensagem nao (?:foi )?entregue', 'nao pode ser entregue (?:a|ao|aos)\\b',
    'endereco nao encontrado', 'o endereco (?:de e-?mail |de email )?que (?:introduziu|inseriu|voce inseriu|digitou) nao foi encontrado',
    'destinatario (?:desconhecido|inexistente|invalido|nao encontrado)', '(?:utilizador|usuario) (?:desconhecido|inexistente|nao encontrado)',
    'caixa (?:de correio|postal) (?:cheia|inexistente|lotada|nao existe)', 'erro permanente', 'falha permanente',
  ],
  oooSubject: ['resposta automatica', 'ausente\\b', 'ausencia\\b', 'fora do escritorio', 'em ferias', 'de ferias', 'ferias\\b', '(?:mensagem|resposta) de ausencia'],
  oooBody: [
    'fora do escritorio',
    '(?:estou|encontro-me|me encontro|estarei|vou estar) (?:atualmente |actualmente |neste momento |momentaneamente |temporariamente )?(?:ausente|de ferias|em ferias|de licenca|em licenca|em viagem|fora do pais|fora em trabalho|de baixa)',
    'ausente do escritorio', 'ausente por motivo', 'estarei de volta', 'de regresso ao escritorio', 'regressarei (?:ao escritorio|a|no|em)\\b', 'volto ao escritorio',
    'retorno (?:ao escritorio|no dia|previsto)', 'regresso (?:ao escritorio|previsto)',
    'acesso (?:limitado|esporadico|restrito) (?:ao|a|aos) (?:e-?mail|correio|email)', 'sem acesso (?:ao|a) (?:e-?mail|correio)',
    'licenca (?:de )?(?:maternidade|paternidade|parental)', 'encerrad[oa]s? (?:para|por) (?:ferias|motivo de ferias|as festas)',
    'vou estar (?:fora|ausente)(?: do escritorio)? ate',
    'ausente (?:hoje|amanha|esta semana)',
  ],
  unsubscribe: [
    'remov(?:a|am|er|e)-me\\b', 'remov(?:a|am|er) (?:o meu|o|este|meu) (?:e-?mail|endereco|contacto|contato)', 'remocao (?:imediata )?do meu',
    'retir(?:e|em|ar|arem)-me\\b', '(?<!je )me retir(?:e|em|ar) d', 'retir(?:e|em|ar) (?:o meu|este|meu) (?:e-?mail|endereco|contacto|contato)',
    'tir(?:e|em|ar)-me d', 'me tir(?:a|e|em|ar) d', 'tir(?:e|em) (?:o meu|este|meu) (?:e-?mail|endereco|contacto|contato)', 'descadastr',
    'cancel(?:ar|e|em) (?:a )?(?:minha )?(?:subscricao|inscricao na (?:lista|newsletter|mailing))', 'anular (?:a )?(?:minha )?subscricao',
    'nao (?:me )?(?:contacte|contactem|contate|contatem|envie|enviem|escreva|escrevam|mande|mandem) mais', 'nao me (?:voltem|volte) a (?:contactar|contatar|escrever|enviar)',
    'nao (?:quero|pretendo|desejo) (?:continuar a )?receber (?:mais|estes|estas|os vossos|os seus|qualquer|quaisquer|e-?mails|emails|mensagens|comunicacoes|newsletters)',
    'deix(?:e|em|ar) de (?:me )?(?:enviar|contactar|contatar|escrever|mandar)', 'par(?:e|em|a|ar) de (?:me )?(?:enviar|contactar|contatar|escrever|mandar)',
    'da (?:vossa|sua) (?:lista|mailing|base de dados)', 'das (?:vossas|suas) (?:listas|bases de dados)',
    'apag(?:ue|uem|ar) (?:os )?(?:meus dados|o meu (?:e-?mail|endereco|contacto|contato))', 'elimin(?:e|em|ar) (?:os )?(?:meus dados|o meu (?:e-?mail|endereco|contacto|contato))',
    '(?:eliminacao|apagamento) dos meus dados', 'revogo (?:o|qualquer|todo o) consentimento', 'nao autorizo o (?:tratamento|uso|envio)', 'ser removid[oa]', 'chega de (?:e-?mails|emails|mensagens|spam)',
    'deix(?:em|e|a)(?:-me)? (?:a minha caixa(?: de (?:entrada|correio))? )?em paz', 'parar com (?:estes|esses|os|tantos) (?:e-?mails|emails|mails|mensagens|contactos)', 'desapare(?:ca|cam) (?:do|da|dos) (?:vosso|vossa|seu|sua)',
    'cancel(?:em|e|ar) o envio', 'nao volt(?:em|e) a (?:enviar|mandar|escrever|contactar)', 'parem de me\\b',
    // from the training and validation splits' five folds, 2026-11-29 (docs/triage.md "Rules from the folds")
    'risqu(?:em|e) (?:este|o meu|o nosso|meu) (?:endereco|e-?mail|contacto|contato)',
    // from the training and validation splits' five folds again, 2026-11-29 (docs/triage.md "Rules from the folds")
    'quero ser (?:apagad|removid|eliminad|excluid)[oa]', 'exclua[mi]?-?(?:me|no|o) da (?:vossa|sua) base',
  ],
  wrongPerson: [
    'ja nao (?:trabalho|trabalha|colaboro|colabora|faco parte|faz parte|pertenco|pertence)\\b', 'nao (?:trabalho|trabalha|faco parte|faz parte) mais\\b',
    'nao (?:trabalho|trabalha) mais (?:na|no|em|com|para|nessa|nesta)\\b', 'ja nao (?:estou|esta) (?:na empresa|na organizacao|na equipa|na equipe|ligad[oa])',
    '(?:sai|saiu|deixei|deixou) (?:da|a) (?:empresa|organizacao|sociedade)\\b',
    'nao sou (?:eu )?a pessoa (?:certa|indicada|adequada|correta|responsavel)', 'nao e a pessoa (?:certa|indicada|adequada|correta)',
    'nao sou (?:eu )?(?:o|a) responsavel (?:por|pel|dess|dest)', 'ja nao sou (?:eu )?(?:o|a) responsavel', 'nao e (?:a |da )?minha (?:competencia|area)\\b',
    'pessoa errada', '(?:endereco|e-?mail|contacto|contato|destinatario) errado', 'engan(?:ou|aram)-se (?:na pessoa|no endereco|no destinatario|no contacto)',
  ],
  pointsElsewhere: [
    'fal(?:e|ar|a|em) com\\b', '(?<!nao )(?<!nao me )contact(?:e|em|ar|a-lo|a-la)\\b', '(?<!nao )(?<!nao me )contat(?:e|em|ar|a-lo|a-la)\\b', 'reencaminh', 'encaminh(?:ei|ado|ada|o|ar|amos)\\b',
    'em copia', 'em cc\\b', 'sucessora?\\b', 'substitut[oa]', 'ficou com as minhas funcoes', 'assumiu (?:as minhas funcoes|o meu lugar|a minha posicao)',
    'a pessoa (?:certa|indicada|responsavel) (?:e|sera)\\b', 'quem (?:trata|cuida) diss[oa] (?:aqui )?e\\b', 'dirija-se', '(?<!nao )(?<!nao me )escrev(?:a|am|er) (?:para|ao|a)\\b',
    'passe(?:i)? (?:o seu|o teu|o vosso|a sua|o) (?:contacto|contato|e-?mail|mensagem)', 'passo-lhe o contacto', 'passar o contato', 'por(?:-te|-lo|-la)? em contacto', 'nov[oa] responsavel',
  ],

  attributionVerbs: ['escreveu'],
  attributionStarts: ['em', 'no dia', 'a(?=\\s+\\d)'],
  separators: ['mensagem original', 'mensagem encaminhada', 'mensagem reencaminhada'],
  forwardStarts: ['in[íi]cio da mensagem (?:re)?encaminhada:'],
  headerFrom: ['de'],
  headerNext: ['enviad[ao]', 'para', 'assunto', 'data', 'cc', 'cco'],
  mobileFooters: [
    'enviado do meu \\S+.*', 'enviado (?:a partir )?d[oe] (?:meu )?(?:iphone|ipad|smartphone|telem[óo]vel|celular|samsung|android|outlook|email|e-mail|correio|yahoo mail)\\b.*',
    '(?:obter|obtenha|baixe|baixar) o outlook para \\w+.*',
  ],
  signOffs: [
    '(?:com os )?melhores cumprimentos', 'com os meus cumprimentos', 'cumprimentos(?: cordiais)?', 'atenciosamente', 'cordialmente', '(?:um )?abra[çc]o', 'abra[çc]os', 'abs',
    '(?:muito )?obrigad[oa]', 'obg', 'att\\.?', 'sauda[çc][õo]es', 'beijinhos', 'bjs?', 'at[ée] breve', 'grat[oa]', '(?:votos de )?bom trabalho',
  ],

  months: [
    ['janeiro', 'jan'], ['fevereiro', 'fev'], ['marco', 'mar'], ['abril', 'abr'], ['maio', 'mai'], ['junho', 'jun'],
    ['julho', 'jul'], ['agosto', 'ago'], ['setembro'], ['outubro'], ['novembro', 'nov'], ['dezembro', 'dez'],
  ],
  weekdays: [
    ['domingo'], ['segunda-feira', 'segunda'], ['terca-feira', 'terca'], ['quarta-feira', 'quarta'], ['quinta-feira', 'quinta'], ['sexta-feira', 'sexta'], ['sabado'],
  ],
  tomorrow: ['amanha'],
  returnWords: ['regresso', 'regressarei', 'regressa', 'de regresso', 'de volta', 'volto', 'retorno', 'retornarei', 'retorna', 'reabrimos', 'reabriremos', 'estarei (?:novamente )?(?:disponivel|contactavel|contatavel|no escritorio)'],
  untilWords: ['ate(?: ao| a| o| dia| ao dia)?'],
};
