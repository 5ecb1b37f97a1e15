import { describe, expect, it } from 'vitest';
import { categorise, outOfOfficeUntil, stripQuoted, type TriageInput } from '../src/triage/local/index.ts';
import { matchRules } from '../src/triage/local/rules.ts';
import { cutSignature, ownText } from '../src/triage/local/strip.ts';

const reply = (bodyText: string, extra: Partial<TriageInput> = {}): TriageInput => ({
  subject: 'RE: Pergunta rápida',
  bodyText,
  fromEmail: 'ana.silva@example.pt',
  receivedAt: '2025-03-01T09:00:00Z',
  ...extra,
});
const label = (bodyText: string, extra: Partial<TriageInput> = {}) => categorise(reply(bodyText, extra))?.label ?? null;
const rule = (body: string, subject = 'RE: Pergunta rápida') => matchRules(subject, stripQuoted(body), ownText(body), 'ana.silva@example.pt');

describe('pt: stripQuoted', () => {
  const cases: [string, string][] = [
    ['Gmail pt-BR', 'Não é para nós.\n\nEm ter., 4 de mar. de 2025 às 10:12, Tom Becker <tom@northwind.io> escreveu:\n> Tem interesse numa demo?'],
    ['Gmail pt-BR wrapped', 'Não é para nós.\n\nEm ter., 4 de mar. de 2025 às 10:12, Tom Becker <\ntom@northwind.io> escreveu:\n> Tem interesse numa demo?'],
    ['Gmail pt-PT', 'Não é para nós.\n\nTom Becker <tom@northwind.io> escreveu no dia terça, 4/03/2025 à(s) 10:12:\n> Tem interesse numa demo?'],
    ['Apple Mail pt-PT', 'Não é para nós.\n\nA 4 de mar. de 2025, às 10:12, Tom Becker <tom@northwind.io> escreveu:\n\n> Tem interesse numa demo?'],
    ['Thunderbird', 'Não é para nós.\n\nNo dia 04/03/2025 10:12, Tom Becker escreveu:\n> Tem interesse numa demo?'],
    [
      'Outlook pt-PT',
      'Não é para nós.\n\nDe: Tom Becker <tom@northwind.io>\nEnviada: terça-feira, 4 de março de 2025 10:12\nPara: Ana Silva <ana.silva@example.pt>\nAssunto: Pergunta rápida\n\nTem interesse numa demo?',
    ],
    [
      'Outlook pt-BR with rule',
      'Não é para nós.\n\n________________________________\nDe: Tom Becker <tom@northwind.io>\nEnviado: terça-feira, 4 de março de 2025 10:12\nPara: Ana Silva\nAssunto: Pergunta rápida\n\nTem interesse numa demo?',
    ],
    ['Mensagem original', 'Não é para nós.\n\n-----Mensagem Original-----\nDe: Tom\nTem interesse numa demo?'],
    ['Gmail forward pt-BR', 'Não é para nós.\n\n---------- Mensagem encaminhada ---------\nDe: Tom Becker <tom@northwind.io>\nTem interesse numa demo?'],
    ['Gmail forward pt-PT', 'Não é para nós.\n\n---------- Mensagem reencaminhada ---------\nDe: Tom Becker <tom@northwind.io>\nTem interesse numa demo?'],
    ['Apple Mail forward', 'Não é para nós.\n\nInício da mensagem reencaminhada:\n\nDe: Tom Becker <tom@northwind.io>\nTem interesse numa demo?'],
    ['mobile footer', 'Não é para nós.\n\nEnviado do meu iPhone'],
    ['mobile footer telemóvel', 'Não é para nós.\n\nEnviado do meu telemóvel Huawei'],
    ['Outlook mobile footer', 'Não é para nós.\n\nObter o Outlook para Android'],
  ];
  it.each(cases)('cuts the quoted history (%s)', (_, text) => {
    expect(stripQuoted(text)).toBe('Não é para nós.');
  });

  it('keeps a reply line that starts with "A" and a number but is no attribution', () => {
    expect(stripQuoted('A 3 de março estou em Lisboa.\nPodemos reunir lá?')).toBe('A 3 de março estou em Lisboa.\nPodemos reunir lá?');
  });
});

describe('pt: cutSignature', () => {
  it.each(['Cumprimentos', 'Melhores cumprimentos,', 'Com os melhores cumprimentos', 'Atenciosamente,', 'Abraço', 'Um abraço!', 'Obrigada', 'Att.', 'Abs', 'Saudações'])('cuts at "%s"', (off) => {
    expect(cutSignature(`Bom dia,\n\nnão temos interesse.\n\n${off}\nJoão Ferreira\nDiretor Comercial\nTecnovia Soluções, Lda.`)).toBe('Bom dia,\n\nnão temos interesse.');
  });
  it('leaves a line that only starts like a sign-off', () => {
    const text = 'Bom dia,\n\nnão temos interesse.\nObrigado por ter pensado em nós.';
    expect(cutSignature(text)).toBe(text);
  });
});

describe('pt: outOfOfficeUntil', () => {
  const received = new Date('2025-03-01T09:00:00Z'); // a Saturday
  it.each([
    ['Estou de férias e regresso a 10 de março.', '2025-03-10'],
    ['Estarei ausente até 14/03/2025, inclusive.', '2025-03-14'],
    ['Estou fora do escritório, volto na segunda-feira.', '2025-03-03'],
    ['Estou fora hoje, volto amanhã.', '2025-03-02'],
    ['Estou de férias até sexta.', '2025-03-07'],
    ['Estou em férias e retorno no dia 5 de abril.', '2025-04-05'],
    ['Estarei fora do escritório até ao dia 20 de março de 2025.', '2025-03-20'],
    ['Estarei de volta na quarta-feira, 12 de março.', '2025-03-12'],
  ])('%s → %s', (text, iso) => {
    expect(outOfOfficeUntil(text, received)?.toISOString().slice(0, 10)).toBe(iso);
  });
  it('a closing over new year is in the next year', () => {
    expect(outOfOfficeUntil('O escritório está encerrado para as festas. Reabrimos a 6 de janeiro.', new Date('2025-12-20T10:00:00Z'))?.toISOString().slice(0, 10)).toBe('2026-01-06');
  });
  it('reads the reply, not the quoted history', () => {
    expect(outOfOfficeUntil('Regresso a 9 de março.\n\nEm sex., 28 de fev. de 2025 às 10:00, Tom <tom@northwind.io> escreveu:\n> Falamos a 20 de março?', received)?.toISOString().slice(0, 10)).toBe(
      '2025-03-09',
    );
  });
});

describe('pt: rules', () => {
  const cases: [string, string, string, string?][] = [
    ['Bounce', 'Exchange pt-PT', 'A entrega falhou para estes destinatários ou grupos:\n\nana@example.pt\nO endereço de e-mail que introduziu não foi encontrado.'],
    ['Bounce', 'Exchange pt-BR', 'Falha na entrega para estes destinatários ou grupos:\n\nana@example.com.br\nO endereço de email que você inseriu não foi encontrado.'],
    ['Bounce', 'Gmail', 'Endereço não encontrado\n\nA sua mensagem não foi entregue a ana@example.pt porque o endereço não foi encontrado.'],
    ['Bounce', 'UOL', 'A mensagem enviada para ana@example.com.br não pôde ser entregue.\n\nMotivo: caixa postal cheia.'],
    ['Bounce', 'subject', 'O servidor remoto recusou a mensagem.', 'Não entregue: Pergunta rápida'],
    ['Out of office', 'subject', 'Obrigado pela sua mensagem.', 'Resposta automática: Pergunta rápida'],
    ['Out of office', 'fora do escritório', 'Obrigado pela sua mensagem. Estou fora do escritório até 10 de março, com acesso limitado ao e-mail.'],
    ['Out of office', 'licença', 'Encontro-me de licença de maternidade até setembro. Para assuntos urgentes contacte geral@example.pt.'],
    ['Out of office', 'encerrado', 'O escritório estará encerrado para férias de 9 a 25 de agosto.'],
    ['Unsubscribe', 'retirem-me', 'Retirem-me da vossa lista, obrigado.'],
    ['Unsubscribe', 'não me contactem mais', 'Não tenho interesse, não me contactem mais.'],
    ['Unsubscribe', 'RGPD', 'Solicito a eliminação dos meus dados ao abrigo do RGPD.'],
    ['Unsubscribe', 'pt-BR', 'Por favor, me tire dessa lista.'],
    ['Unsubscribe', 'descadastrar', 'Quero me descadastrar.'],
    ['Wrong person', 'left', 'Já não trabalho na Tecnovia desde o ano passado.'],
    ['Wrong person', 'not the right person', 'Não sou a pessoa certa e não sei quem trata disso, lamento.'],
    ['Wrong person', 'pt-BR left', 'Não trabalho mais nessa empresa.'],
    ['Referral', 'colleague named', 'Não sou a pessoa indicada, fale com o meu colega Rui Carvalho.'],
    ['Referral', 'successor address', 'Saí da empresa em janeiro. O meu sucessor é o Pedro Santos, pedro.santos@example.pt.'],
    ['Referral', 'forwarded', 'Não é a minha área, reencaminhei o seu e-mail para o departamento de compras.'],
  ];
  it.each(cases)('%s (%s)', (expected, _, body, subject) => {
    expect(rule(body, subject)?.label).toBe(expected);
    expect(label(body, subject ? { subject } : {})).toBe(expected);
  });

  it('does not fire on ordinary replies', () => {
    for (const body of [
      'Parece interessante, diga-me mais.',
      'Pode ser terça às 15h para uma chamada?',
      'Quanto custa para 20 utilizadores?',
      'Não temos interesse, obrigado.',
      'Envie a proposta para este endereço, por favor.',
      'Não estarei disponível na terça, pode ser na quarta?',
    ])
      expect(rule(body), body).toBeNull();
  });

  it('an automatic reply saying the person left is Wrong person, not Out of office', () => {
    const d = categorise(reply('Obrigado pelo seu e-mail. Já não trabalho na Lusotrade e esta caixa de correio não é consultada.', { headers: { 'auto-submitted': 'auto-replied' } }));
    expect(d).toMatchObject({ label: 'Wrong person', source: 'header' });
  });
});
