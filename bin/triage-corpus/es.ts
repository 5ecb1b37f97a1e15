import type { LanguagePack } from './pack.ts';

export const es: LanguagePack = {
  lang: 'es',
  replyPrefix: ['RE:', 'Re:', 'RV:'],
  outreachSubjects: ['Una pregunta rápida', 'Idea para {company}', 'Ventas en {company}', '{company} + Northwind', '¿Hablamos?', 'Vuestros planes de contratación', 'Seguimiento'],
  outreach: [
    'Hola {first}:\n\nHe visto que {company} está ampliando su equipo comercial. Ayudamos a equipos como el tuyo a reducir un 40 % el tiempo de incorporación.\n\n¿Te interesaría una demo? ¿Tienes 15 minutos la semana que viene?\n\nUn saludo,\nTom',
    'Buenos días {first}, le escribo de nuevo por si Northwind pudiera interesar a {company}.\n\nSaludos cordiales,\nTom Becker',
    'Hi {first}, do you want a demo? Best, Tom',
  ],
  attributions: ['El {wday}, {date} a las {time}, Tom Becker (<tom@northwind.io>) escribió:', 'El {date}, a las {time}, tom@northwind.io escribió:', 'El {wday} {date}, Tom Becker <tom@northwind.io> escribió:'],
  outlookHeader: 'De: Tom Becker <tom@northwind.io>\nEnviado: {wday}, {date} {time}\nPara: {first} {last} <{email}>\nAsunto: {subject}',
  greetings: ['Hola {sender},', 'Hola {sender}:', 'Buenos días,', 'Buenas tardes {sender},', 'Estimado Tom:', 'Hola,', 'Buenas,', ''],
  signOffs: ['Saludos,', 'Un saludo,', 'Saludos cordiales,', 'Atentamente,', 'Gracias,', 'Un abrazo,', 'Slds', ''],
  titles: ['Director Comercial', 'Gerente', 'Responsable de Marketing', 'Compras', 'CTO', 'Directora de Operaciones', 'Fundador', 'Técnica de RRHH'],
  firstNames: ['Javier', 'Lucía', 'Carlos', 'María', 'Alejandro', 'Carmen', 'Pablo', 'Laura', 'Sergio', 'Marta', 'Diego', 'Ana', 'Íñigo'],
  lastNames: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Navarro'],
  companies: ['Grupo Ibérica', 'Soluciones Levante S.L.', 'Transportes Miramar', 'Consultora Atlas', 'Bodegas del Sur', 'Tecnalia Digital S.A.'],
  disclaimers: [
    'Este mensaje y sus archivos adjuntos son confidenciales y están dirigidos exclusivamente a su destinatario. Si ha recibido este mensaje por error, le rogamos que lo comunique al remitente y lo elimine.',
    'Antes de imprimir este correo, piense en el medio ambiente.',
  ],
  mobile: ['Enviado desde mi iPhone', 'Enviado desde Outlook para Android', 'Enviado desde mi Samsung Galaxy'],
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  dateFormats: ['{d} de {month}', 'el {wday} {d} de {month}', '{dd}/{mm}/{yyyy}', '{dd}/{mm}', '{d} de {month} de {yyyy}'],
  categories: {
    Interested: {
      main: [
        'Sí, me interesa.', 'Interesante, cuéntame más.', 'Estaríamos interesados.', 'Justo estamos mirando este tema, adelante.', '¿Cuáles serían los siguientes pasos?', 'Podría encajar con nosotros.',
        '¡Claro que sí!', 'Es justo lo que buscábamos.', 'Me parece muy interesante.', 'Sí, lo veo interesante para nosotros.', 'Ok, interesado', 'Suena bien, sigamos.', 'Tengo curiosidad, me gustaría saber más.',
        'Sí, es una prioridad para este año.', 'Encantado, me interesa bastante.', 'Nos interesa, adelante.',
      ],
      extra: ['Mantenme informado.', 'He puesto a mi socio al tanto.', 'Tenemos presupuesto para ello.', 'Quedo atento.'],
    },
    'Meeting request': {
      main: [
        'Encantado de hablar. ¿Te viene bien el martes a las 14:00?', 'Organicemos una llamada la semana que viene.', 'Envíame una invitación para el jueves por la mañana.', 'Reserva un hueco aquí: https://calendly.com/{first}/30min',
        'Tengo disponibilidad el {wday} por la tarde para una reunión.', '¿Podemos agendar una demo con el equipo?', 'Sí, una llamada de 15 minutos me va bien. Proponme horarios.', '¿Qué tal el {wday} a las 10:30?',
        'Hagamos una videollamada el {wday} o el {wday2}.', 'Llámame mañana sobre las 9, mi número está en la firma.', '¿Nos vemos en la feria la semana que viene?', 'Me gustaría ver una demo, ¿cuándo tienes disponibilidad?',
        'Concretemos una reunión a final de mes.', 'Mi asistente te propondrá una fecha.', 'Vale, hablamos. ¿Cuándo te va bien?',
      ],
      extra: ['Invita también a nuestro responsable de IT.', 'Máximo 30 minutos por favor.', 'Un placer.'],
    },
    'Information request': {
      main: [
        '¿Cuánto cuesta?', '¿Me puedes enviar los precios?', '¿Se integra con Salesforce?', '¿Tenéis casos de éxito en nuestro sector?', '¿Dónde se alojan los datos? Necesitamos servidores en la UE.',
        '¿Cuánto tarda la implantación?', '¿Hay una prueba gratuita?', 'Envíame primero información por correo.', '¿Cumple con el RGPD?', '¿Cuál es la permanencia mínima?', '¿Tenéis un dossier o una presentación?',
        '¿Cómo funciona el proceso de alta?', '¿Qué coste tendría para 10 usuarios?', '¿En qué os diferenciáis de HubSpot?', '¿Me puedes explicar un poco mejor cómo funciona?',
      ],
      extra: ['Gracias de antemano.', 'Luego lo paso internamente.', 'Por correo de momento, por favor.'],
    },
    Referral: {
      main: [
        'No soy yo quien lleva este tema, habla con {colleague}.', 'Te recomiendo contactar con mi compañera {colleague} ({colleagueEmail}).', 'He reenviado tu correo a {colleague}, nuestro director de IT.',
        'Pongo en copia a {colleague}, que es quien lo gestiona.', 'Por favor, escribe a {colleagueEmail}.', 'No es mi área, mejor habla con {colleague} de marketing.',
        'Dejé {company} el mes pasado. Mi sucesor es {colleague}, puedes escribirle a {colleagueEmail}.', 'La persona adecuada es {colleague}, responsable de compras.', '{colleague} ha asumido mi puesto, contacta con él directamente.',
        'Diríjase a nuestro director técnico, {colleague}.', 'No soy la persona indicada, te paso el contacto de {colleague}.',
      ],
      extra: ['Suerte.', 'Ya está al tanto.', 'Espera tu correo.'],
    },
    'Not interested': {
      main: [
        'No me interesa, gracias.', 'Gracias, pero ya estamos cubiertos.', 'No, gracias.', 'Ahora no, quizás el próximo trimestre.', 'Ya tenemos una solución para esto.',
        'No es una prioridad para nosotros en este momento.', 'No tenemos presupuesto este año.', 'Estamos contentos con nuestro proveedor actual.', 'No encaja con lo que necesitamos.',
        'No lo necesitamos.', 'Escríbeme dentro de seis meses, ahora no es buen momento.', 'Acabamos de firmar con la competencia.', 'Lo hacemos internamente.', 'Gracias por la propuesta, pero no.',
        'No es relevante para nosotros.', 'Somos demasiado pequeños para esto.',
      ],
      extra: ['Mucha suerte.', 'Buen día.', 'Gracias por entenderlo.'],
    },
    'Wrong person': {
      main: [
        'Ya no trabajo en {company}.', 'Te has equivocado de persona.', 'No soy la persona adecuada y no sé quién lo lleva.', 'Dejé la empresa en marzo.', 'Dirección equivocada, aquí no hay ningún {sender}.',
        'No tengo nada que ver con las compras.', 'Ya no formo parte de {company}.', 'Creo que me confundes con otra persona.', 'Estoy jubilado desde el año pasado.',
        'Somos otra empresa, no es la {company} que buscas.', 'No es mi área y no puedo ayudarte.',
      ],
      extra: ['Actualiza tus datos, por favor.', 'Lo siento.', 'Este buzón ya no se revisa.'],
    },
    'Out of office': {
      main: [
        'Gracias por su mensaje. Estoy fuera de la oficina hasta el {date} con acceso limitado al correo.', 'Estoy de vacaciones y estaré de vuelta el {date}.',
        'Me encuentro ausente hasta el {date}. Para urgencias, contacte con {colleagueEmail}.', 'Gracias por su correo. Estoy de viaje y le responderé a mi regreso el {date}.',
        'Estoy de baja por paternidad hasta el {date}. Su mensaje no será reenviado.', 'Fuera de la oficina hasta el {date}.', 'Estaré fuera hasta el {date} y responderé a mi vuelta.',
        'Estoy de baja médica y responderé lo antes posible.', 'Nuestras oficinas permanecen cerradas por vacaciones. Volvemos el {date}.', 'Estoy ausente hasta el {date} inclusive.',
      ],
      extra: ['Saludos', 'Gracias por su comprensión.', 'Su mensaje no será reenviado.'],
    },
    Unsubscribe: {
      main: [
        'Por favor, darme de baja.', 'Quitadme de vuestra lista de correo.', 'No me contacten más.', 'Dejen de escribirme, por favor.', 'Baja, por favor.',
        'Eliminen mis datos según el RGPD.', '¿De dónde habéis sacado mi dirección? Eliminad mi correo ya.', 'Nunca me he suscrito, sacadme de la lista.', 'No me enviéis más correos.',
        'Por favor eliminen mi dirección de su base de datos.', 'BAJA', 'Es la tercera vez que lo pido: quiero darme de baja.',
      ],
      extra: ['Gracias.', 'Esto es spam.', 'Si no, lo denunciaré.'],
    },
    Bounce: { main: [], extra: [] },
  },
  bounces: [
    'Este es un mensaje automático de notificación del estado de la entrega.\n\nNo se pudo entregar el mensaje a los siguientes destinatarios:\n\n{email}\n\n550 5.1.1 Destinatario desconocido',
    'No se ha podido entregar tu mensaje a {email}.\nNo se ha encontrado la dirección. Comprueba la dirección del destinatario.\n\n550 5.1.10 RESOLVER.ADR.RecipientNotFound',
    'Error de entrega: el buzón de {email} está lleno.\n552 5.2.2 Mailbox full',
    'Mensaje no entregado. La dirección {email} no existe. Este es un error permanente.',
  ],
  bounceSubjects: ['No se puede entregar: {subject}', 'Mensaje no entregado', 'Undelivered Mail Returned to Sender', 'Error de entrega'],
  oooSubjects: ['Respuesta automática: {subject}', 'Fuera de la oficina', 'Ausente', 'RE: {subject}'],
};
