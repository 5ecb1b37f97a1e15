import type { LanguagePack } from './pack.ts';

export const fr: LanguagePack = {
  lang: 'fr',
  replyPrefix: ['RE :', 'Re:', 'RE:', 'TR :'],
  outreachSubjects: ['Petite question', 'Une idée pour {company}', 'Prospection chez {company}', '{company} x Northwind', 'Un échange rapide ?', 'Vos recrutements', 'Relance'],
  outreach: [
    'Bonjour {first},\n\nJ\'ai vu que {company} renforce son équipe commerciale. Nous aidons les équipes comme la vôtre à réduire de 40 % le temps de montée en compétence.\n\nSeriez-vous intéressé par une démo ? Auriez-vous 15 minutes la semaine prochaine ?\n\nBien à vous,\nTom',
    'Bonjour {first}, je me permets de vous relancer. Northwind pourrait-il intéresser {company} ?\n\nCordialement,\nTom Becker',
    'Hi {first}, do you want a demo? Best, Tom',
  ],
  attributions: ['Le {wday} {date} à {time}, Tom Becker <tom@northwind.io> a écrit :', 'Le {date} à {time}, tom@northwind.io a écrit :', 'Le {date}, Tom Becker <tom@northwind.io> a écrit :'],
  outlookHeader: 'De : Tom Becker <tom@northwind.io>\nEnvoyé : {wday} {date} {time}\nÀ : {first} {last} <{email}>\nObjet : {subject}',
  greetings: ['Bonjour {sender},', 'Bonjour,', 'Bonjour Monsieur,', 'Bonjour M. Becker,', 'Salut {sender},', 'Hello {sender},', 'Madame, Monsieur,', ''],
  signOffs: ['Cordialement,', 'Bien cordialement,', 'Bien à vous,', 'Bonne journée,', 'Merci,', 'Salutations,', 'Cdlt', 'Belle journée', ''],
  titles: ['Directeur commercial', 'Gérant', 'Responsable marketing', 'Acheteuse', 'DSI', 'Directrice des opérations', 'Fondateur', 'Chargée de recrutement'],
  firstNames: ['Julien', 'Camille', 'Nicolas', 'Marie', 'Pierre', 'Élodie', 'Thomas', 'Sophie', 'François', 'Léa', 'Mathieu', 'Hélène', 'Antoine'],
  lastNames: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Girard', 'Roux', 'Fournier', 'Mercier', 'Rousseau'],
  companies: ['Atelier Lumière SAS', 'Groupe Horizon', 'Transports Dufour', 'Solutions Numériques SARL', 'Cabinet Vauban', 'Maison Belair'],
  disclaimers: [
    'Ce message et ses pièces jointes sont confidentiels et destinés exclusivement à leurs destinataires. Si vous avez reçu ce message par erreur, merci d\'en avertir l\'expéditeur et de le supprimer.',
    'Pensez à l\'environnement avant d\'imprimer ce courriel.',
  ],
  mobile: ['Envoyé de mon iPhone', 'Envoyé depuis mon smartphone Samsung Galaxy', 'Obtenir Outlook pour Android'],
  months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  weekdays: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  dateFormats: ['{d} {month}', '{wday} {d} {month}', '{dd}/{mm}/{yyyy}', '{dd}/{mm}', 'le {d} {month} {yyyy}', '{wday} {dd}/{mm}'],
  categories: {
    Interested: {
      main: [
        'Oui, ça m\'intéresse.', 'Intéressant, dites-m\'en plus.', 'Nous serions intéressés.', 'Le sujet est d\'actualité chez nous, volontiers.', 'Pourquoi pas, quelles sont les prochaines étapes ?',
        'Ça pourrait nous convenir.', 'Avec plaisir !', 'C\'est exactement ce que nous cherchons.', 'Oui, ça vaut le coup d\'en parler davantage.', 'Je suis preneur.', 'Très intéressant, on avance ?',
        'Ok intéressé', 'Bonne nouvelle, nous cherchions justement une solution de ce type.', 'Je suis curieux d\'en savoir plus.', 'Oui, c\'est dans nos priorités cette année.', 'Ça me parle, allons-y.',
      ],
      extra: ['Tenez-moi au courant.', 'J\'ai mis mon associé dans la boucle.', 'Nous avons un budget prévu.', 'Dans l\'attente de votre retour.'],
    },
    'Meeting request': {
      main: [
        'Avec plaisir pour un appel. Mardi à 14h, ça vous va ?', 'Organisons un rendez-vous la semaine prochaine.', 'Envoyez-moi une invitation pour jeudi matin.', 'Prenez un créneau ici : https://calendly.com/{first}/30min',
        'Je suis disponible {wday} après-midi pour en discuter.', 'On peut caler une démo avec l\'équipe ?', 'Oui, un appel de 15 minutes me va. Proposez-moi des créneaux.', 'Que diriez-vous de {wday} à 10h30 ?',
        'Faisons un point en visio {wday} ou {wday2}.', 'Appelez-moi demain vers 9h, mon numéro est en signature.', 'On se voit au salon la semaine prochaine ?', 'Je veux bien une démo, quelles sont vos disponibilités ?',
        'Fixons un rendez-vous téléphonique fin du mois.', 'Mon assistante va vous proposer un créneau.', 'Quand êtes-vous disponible pour un échange ?',
      ],
      extra: ['Merci d\'inviter aussi notre DSI.', '30 minutes maximum svp.', 'Au plaisir d\'échanger.'],
    },
    'Information request': {
      main: [
        'Quel est le prix ?', 'Pouvez-vous m\'envoyer votre grille tarifaire ?', 'Est-ce compatible avec Salesforce ?', 'Avez-vous des références dans notre secteur ?', 'Où sont hébergées les données ? Nous avons besoin d\'un hébergement en France.',
        'Combien de temps prend la mise en place ?', 'Y a-t-il un essai gratuit ?', 'Envoyez-moi d\'abord une documentation par mail.', 'Est-ce conforme au RGPD ?', 'Quelle est la durée minimale d\'engagement ?',
        'Avez-vous une plaquette ou une présentation ?', 'Comment se passe l\'intégration ?', 'Combien cela coûterait pour 15 utilisateurs ?', 'En quoi êtes-vous différents de HubSpot ?', 'Pouvez-vous m\'en dire plus sur le fonctionnement ?',
      ],
      extra: ['Merci d\'avance.', 'Je transmettrai ensuite en interne.', 'Par mail uniquement pour le moment.'],
    },
    Referral: {
      main: [
        'Ce n\'est pas moi qui gère ce sujet, adressez-vous à {colleague}.', 'Je vous invite à contacter ma collègue {colleague} ({colleagueEmail}).', 'J\'ai transmis votre message à {colleague}, notre DSI.',
        'Je mets {colleague} en copie, c\'est elle qui s\'en occupe.', 'Merci de contacter {colleagueEmail}.', 'Ce n\'est pas mon périmètre, voyez plutôt avec {colleague} au marketing.',
        'J\'ai quitté {company} le mois dernier. Mon successeur est {colleague}, joignable à {colleagueEmail}.', 'Le bon interlocuteur est {colleague}, responsable des achats.', '{colleague} a repris mon poste, contactez-le directement.',
        'Voyez avec notre directeur technique, {colleague}.', 'Je ne suis pas la bonne personne, il faut voir avec {colleague}.',
      ],
      extra: ['Bonne continuation.', 'Il est au courant.', 'Elle attend votre message.'],
    },
    'Not interested': {
      main: [
        'Pas intéressé, merci.', 'Merci, mais nous sommes déjà équipés.', 'Non merci.', 'Pas pour le moment, peut-être au prochain trimestre.', 'Nous avons déjà une solution.',
        'Ce n\'est pas une priorité pour nous actuellement.', 'Pas de budget cette année.', 'Nous sommes satisfaits de notre prestataire actuel.', 'Ça ne correspond pas à nos besoins.',
        'Aucun besoin de notre côté.', 'Recontactez-moi dans six mois, là ce n\'est pas le moment.', 'Nous venons de signer avec un concurrent.', 'Nous gérons cela en interne.', 'Merci pour la proposition mais non.',
        'Pas pertinent pour nous.', 'Nous sommes trop petits pour ce genre d\'outil.',
      ],
      extra: ['Bonne continuation.', 'Bonne journée.', 'Merci de votre compréhension.'],
    },
    'Wrong person': {
      main: [
        'Je ne travaille plus chez {company}.', 'Vous vous êtes trompé de personne.', 'Je ne suis pas la bonne personne et je ne sais pas qui contacter.', 'J\'ai quitté l\'entreprise en mars.',
        'Mauvaise adresse, il n\'y a pas de {sender} ici.', 'Je ne m\'occupe absolument pas des achats.', 'Je ne fais plus partie de {company}.', 'Vous devez me confondre avec quelqu\'un d\'autre.',
        'Je suis à la retraite depuis l\'an dernier.', 'Nous sommes une autre société, ce n\'est pas la bonne {company}.', 'Ce n\'est pas mon domaine et je ne peux pas vous aider.',
      ],
      extra: ['Merci de mettre à jour votre fichier.', 'Désolé.', 'Cette boîte n\'est plus consultée.'],
    },
    'Out of office': {
      main: [
        'Merci pour votre message. Je suis absent du bureau jusqu\'au {date} avec un accès limité à mes e-mails.', 'Je suis en congés et serai de retour le {date}.',
        'Je suis actuellement absente jusqu\'au {date}. Pour toute urgence, contactez {colleagueEmail}.', 'Merci pour votre e-mail. Je suis en déplacement et vous répondrai à mon retour le {date}.',
        'Je suis en congé parental jusqu\'au {date}. Votre message ne sera pas transféré.', 'Absent jusqu\'au {date}.', 'Je suis hors du bureau et de retour le {date}.',
        'Je suis en arrêt maladie et vous répondrai dès que possible.', 'Nos bureaux sont fermés pour les fêtes. Réouverture le {date}.', 'Je suis en vacances jusqu\'au {date} inclus, je traiterai votre message à mon retour.',
      ],
      extra: ['Cordialement', 'Merci de votre compréhension.', 'Votre message ne sera pas transféré.'],
    },
    Unsubscribe: {
      main: [
        'Merci de me désabonner.', 'Retirez-moi de votre liste de diffusion.', 'Ne me contactez plus.', 'Merci de ne plus me solliciter.', 'Désinscription svp.',
        'Supprimez mes données conformément au RGPD.', 'Où avez-vous eu mon adresse ? Supprimez-moi immédiatement.', 'Je ne me suis jamais inscrit, retirez-moi.', 'Arrêtez de m\'écrire.',
        'Merci de retirer mon adresse de votre fichier.', 'STOP', 'Plus de mails svp, c\'est la troisième fois.',
      ],
      extra: ['Merci.', 'C\'est du spam.', 'Sinon je vous signale à la CNIL.'],
    },
    Bounce: { main: [], extra: [] },
  },
  bounces: [
    'Ceci est un message automatique de notification d\'état de remise.\n\nÉchec de la remise aux destinataires suivants :\n\n{email}\n\n550 5.1.1 Adresse du destinataire rejetée : utilisateur inconnu',
    'Votre message n\'a pas pu être remis à {email}.\nL\'adresse e-mail est introuvable. Vérifiez l\'adresse du destinataire.\n\n550 5.1.10 RESOLVER.ADR.RecipientNotFound',
    'Message non remis : la boîte aux lettres de {email} est pleine.\n552 5.2.2',
    'Le message suivant n\'a pas pu être distribué à {email} : destinataire inconnu. Il s\'agit d\'une erreur permanente.',
  ],
  bounceSubjects: ['Non remis : {subject}', 'Échec de la remise', 'Undelivered Mail Returned to Sender', 'Non distribuable : {subject}'],
  oooSubjects: ['Réponse automatique : {subject}', 'Absent(e) du bureau', 'Absence', 'Message d\'absence', 'RE : {subject}'],
};
