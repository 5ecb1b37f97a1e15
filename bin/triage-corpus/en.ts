import type { LanguagePack } from './pack.ts';

export const en: LanguagePack = {
  lang: 'en',
  outreachSubjects: ['Quick question', 'Idea for {company}', 'Cutting onboarding time at {company}', '{company} + Northwind', 'Worth a chat?', 'Your hiring plans', 'Re: follow-up', 'Reducing churn for {company}', 'Intro', 'Partnership idea'],
  outreach: [
    'Hi {first},\n\nI noticed {company} is growing its sales team. We help teams like yours cut ramp-up time by 40%.\n\nDo you want a demo? Would you be open to a quick call next week?\n\nBest,\nTom',
    'Hello {first},\n\nJust following up on my last note. Are you interested in seeing how Northwind could work for {company}?\n\nCheers,\nTom Becker\nNorthwind',
    'Hi {first}, would it make sense to book 15 minutes to talk about your outbound process? We work with 200+ B2B companies.\nThanks, Tom',
  ],
  attributions: ['On {wday}, {date} at {time}, Tom Becker <tom@northwind.io> wrote:', 'On {date}, at {time}, Tom Becker <tom@northwind.io> wrote:', 'On {date} {time}, tom@northwind.io wrote:'],
  outlookHeader: 'From: Tom Becker <tom@northwind.io>\nSent: {wday}, {date} {time}\nTo: {first} {last} <{email}>\nSubject: {subject}',
  greetings: ['Hi {sender},', 'Hello {sender},', 'Hi {sender}', 'Hey {sender},', 'Dear {sender},', 'Hi,', 'Hello,', '{sender},', 'Hi there,', 'Good morning {sender},', ''],
  signOffs: ['Best,', 'Best regards,', 'Kind regards,', 'Thanks,', 'Cheers,', 'Regards,', 'Thank you,', 'All the best,', 'Thx', 'Sincerely,', '-', ''],
  titles: ['Head of Sales', 'CEO', 'Founder', 'Marketing Manager', 'VP Operations', 'CTO', 'Procurement Lead', 'Office Manager', 'Director of Growth', 'HR Business Partner'],
  firstNames: ['James', 'Sarah', 'Michael', 'Emily', 'David', 'Laura', 'Chris', 'Hannah', 'Mark', 'Olivia', 'Ryan', 'Megan', 'Daniel', 'Sophie', 'Paul'],
  lastNames: ['Smith', 'Johnson', 'Walker', 'Brown', 'Taylor', 'Clarke', 'Wright', "O'Neill", 'Patel', 'Hughes', 'Evans', 'Turner'],
  companies: ['Acme Logistics', 'Brightline Ltd', 'Harbor Health', 'Peak Analytics', 'Bluewave Inc.', 'Granite Partners', 'Nimbus Software', 'Fairfield Foods'],
  disclaimers: [
    'This email and any attachments are confidential and intended solely for the addressee. If you have received it in error, please notify the sender and delete it.',
    'CONFIDENTIALITY NOTICE: The contents of this email message are intended for the exclusive use of the addressee.',
    'Please consider the environment before printing this email.',
  ],
  mobile: ['Sent from my iPhone', 'Sent from Outlook for Android', 'Get Outlook for iOS', 'Sent from my Galaxy'],
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  dateFormats: ['{d} {month}', '{month} {d}', '{month} {d}th', '{wday} {d} {month}', '{wday}, {month} {d}', '{dd}/{mm}/{yyyy}', '{yyyy}-{mm}-{dd}', '{d} {month} {yyyy}'],
  categories: {
    Interested: {
      main: [
        'Yes, this sounds interesting.', 'Sounds good, tell me more.', "We'd definitely be interested.", 'Interesting timing, we were just discussing this internally.',
        "I'm interested. What are the next steps?", 'Could be a fit for us. Keep me posted.', 'Yes please!', "This is exactly what we've been looking for.",
        'ok interested', 'Happy to explore this further.', "I'd like to learn more about it.", 'Count me in, this looks promising.',
        'Hi, yes we are looking into this topic right now, so your timing is good.', 'Definitely curious. Go ahead.', "We're open to it, let's see what you have.",
        'Sure, I am interested in hearing more.', "Absolutely, this is on our roadmap for this year.", 'Looks good to me, I would like to move forward.',
        "Yes! We've struggled with exactly this problem.", "Thanks for reaching out, yes we'd be keen.", 'Intriguing. I am listening.', 'Yes, interested in principle.',
      ],
      extra: ['Our team has been looking at options for a while.', 'Please keep me in the loop.', 'I have shared this with my co-founder too.', "What's the best way to proceed?", 'Looking forward to hearing from you.', 'We have budget for this in Q2.'],
    },
    'Meeting request': {
      main: [
        'Happy to jump on a call. Does Tuesday at 2pm work?', "Let's set up a call next week.", 'Can you send me a calendar invite for Thursday morning?', 'Sure, book a slot here: https://calendly.com/{first}-{last}/30min',
        "I'm free {wday} afternoon, let's talk then.", "Let's meet. How about {wday} at 10:30?", 'Yes, a 15 minute call works. Send over some times.', 'Could we schedule a demo for the team?',
        "Let's do a quick Zoom on {wday}.", 'Please send me an invite for next week, any day after 3pm.', "Would love to see a demo. When are you available?", 'Grab a time on my calendar: https://meetings.hubspot.com/{first}',
        'Call me tomorrow at 9, my number is below.', "I'm around on {wday} and {wday2}, pick whatever suits you.", "Let's find 30 minutes. My assistant will coordinate.", 'Ok lets talk. When works for you?',
        'Can we do a Teams call at the end of the month?', 'Meet at the trade fair next week? We have a booth.', 'I can do {wday} at 4pm CET.', 'Sure, put something in my calendar for next week.',
      ],
      extra: ['Please include my colleague from operations.', 'Keep it to 20 minutes please.', 'Send the invite to this address.', "I'll bring our IT lead.", 'Looking forward to it.'],
    },
    'Information request': {
      main: [
        'What does it cost?', 'Can you send me some pricing info?', 'Do you integrate with Salesforce?', 'Could you share a case study from a company our size?',
        'How is this different from HubSpot?', 'Do you have a deck or a one-pager I could look at?', 'Where is the data hosted? We need EU hosting.', 'How long does implementation usually take?',
        'Is there a free trial?', 'What kind of results have your customers seen?', 'Can you send more details by email first?', 'Who else in our industry uses this?',
        'Is it GDPR compliant?', 'What is the minimum contract length?', 'Do you offer per-seat pricing or a flat fee?', 'Send me some info and I will have a look.',
        'How does the onboarding work?', 'Do you support SSO?', 'What would this look like for a team of 12?', 'Can you explain how the pricing scales?',
      ],
      extra: ['Before anything else I need to understand the costs.', 'I will forward it to my team afterwards.', 'A short PDF is fine.', 'Thanks in advance.', 'No calls please, just email for now.'],
    },
    Referral: {
      main: [
        "I'm not the right person for this, please talk to {colleague}, she runs procurement.", "You'd want to speak with {colleague} ({colleagueEmail}).", "Adding {colleague} who handles this for us.",
        "This isn't my area, but {colleague} on our marketing team would be the one to ask.", 'Please reach out to {colleagueEmail} instead.', "I've forwarded your email to {colleague}, our head of IT.",
        "Not my department. Try {colleague}, {colleagueEmail}.", "Cc'ing {colleague}, who owns this topic.", '{colleague} is the person you want, copying her here.',
        "I left {company} last month. My successor is {colleague}, you can reach him at {colleagueEmail}.", "I'm no longer responsible for purchasing, please contact {colleague}.",
        "Best to contact our CTO {colleague} about this.", "Looping in {colleague} from our ops team, she'll know more.", 'The right contact is {colleague} ({colleagueEmail}).', '{colleague} took over my role, please get in touch with him.',
      ],
      extra: ['Good luck!', 'He should be able to help.', 'I have let her know you will get in touch.', 'She is expecting your email.'],
    },
    'Not interested': {
      main: [
        'Not interested, thanks.', "We're all set, thank you.", 'No thanks.', 'Not now, maybe next quarter.', 'We already have a solution for this.',
        "Thanks, but it's not a priority for us at the moment.", "We don't have budget for this year.", "Appreciate it, but we'll pass.", 'We are happy with our current provider.',
        'Not for us, sorry.', "Thanks but we're not looking for anything like this.", 'Please follow up in 6 months, not the right time now.', 'We just signed with a competitor.',
        "No, we handle this in-house.", 'Not a fit for us.', 'not interested', "We're in a hiring freeze, so no.", 'Check back next year maybe.', "I don't think this is relevant for us.",
        "We've decided to go in a different direction.", 'Thanks for the offer, but no.', "Sorry, we're too small for this.",
      ],
      extra: ['Good luck with your business.', 'Have a great day.', 'Best of luck.', 'Thanks for understanding.', 'Nothing personal.'],
    },
    'Wrong person': {
      main: [
        "I no longer work at {company}.", "You've got the wrong person, sorry.", "I'm not the right contact for this and I'm not sure who is.", "I left the company in March.",
        'Wrong address. There is no {sender} here.', "I'm not involved in purchasing decisions at all.", "I don't work in sales, wrong person.", 'This must be a mistake, I am a student.',
        "I retired last year, so can't help.", 'I think you have me confused with someone else.', "I'm no longer with {company}.", 'Not my area, and I have no idea who handles it.',
        "wrong person mate", "We're a different {company}, you have the wrong company.", "I've moved on from {company}.",
      ],
      extra: ['Good luck.', 'Please update your records.', 'Sorry I cannot help.', 'This address is not monitored much anymore.'],
    },
    'Out of office': {
      main: [
        'Thank you for your email. I am currently out of the office until {date} with limited access to email.', "I'm on annual leave and will be back on {date}.",
        'I am away from the office until {date}. For urgent matters please contact {colleagueEmail}.', 'Thanks for your message. I am travelling and will reply when I return on {date}.',
        "I'm currently on parental leave until {date}. Your email will not be forwarded.", 'Out of office: back {date}.', 'I am out of the office with no access to email. I will be back on {date}.',
        'I am attending a conference this week and will respond after {date}.', "I'm on vacation until {date}. If it's urgent, call the office on +44 20 7946 0000.",
        'I am out sick today and will get back to you as soon as possible.', 'Thank you for your email. Our office is closed for the holidays and reopens on {date}.',
        "I'm away until {date} and will read your message when I'm back.", 'Please note I am on maternity leave until {date}. Please contact {colleague} in my absence.',
      ],
      extra: ['Kind regards', 'Thank you for your patience.', 'Your message will not be forwarded.', 'I will respond as soon as I can.'],
    },
    Unsubscribe: {
      main: [
        'Unsubscribe', 'Please remove me from your mailing list.', 'Take me off your list.', 'Stop emailing me.', 'Please do not contact me again.', 'unsubscribe me please',
        'Remove my email from your database immediately.', 'I never signed up for this. Remove me.', 'Opt out.', 'STOP', 'Please stop sending me these emails.', "Don't email me again.",
        'How did you get my address? Delete my data under GDPR.', 'Remove me. Third time asking.', 'No more emails please.', 'Please unsubscribe this address.',
      ],
      extra: ['Thanks.', 'This is spam.', 'I will report this otherwise.', 'Do not add me to any other lists.'],
    },
    Bounce: {
      main: [],
      extra: [],
    },
  },
  bounces: [
    'This is the mail system at host mail.{domain}.\n\nI\'m sorry to have to inform you that your message could not be delivered to one or more recipients.\n\n<{email}>: host mx.{domain}[10.0.0.1] said: 550 5.1.1 <{email}>: Recipient address rejected: User unknown in virtual mailbox table',
    "Address not found\n\nYour message wasn't delivered to {email} because the address couldn't be found, or is unable to receive mail.\n\nThe response from the remote server was:\n550 5.1.1 The email account that you tried to reach does not exist.",
    'Delivery has failed to these recipients or groups:\n\n{email}\nThe email address you entered couldn\'t be found. Please check the recipient\'s email address and try to resend the message.\n\nDiagnostic information for administrators:\nRemote Server returned \'550 5.1.10 RESOLVER.ADR.RecipientNotFound; not found\'',
    'Mail delivery failed: returning message to sender\n\nThis message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its recipients. This is a permanent error. The following address(es) failed:\n\n  {email}\n    mailbox unavailable',
    'Your message to {email} couldn\'t be delivered.\n{first} wasn\'t found at {domain}.\nStatus code: 550 5.1.1',
    'Hi. This is the qmail-send program at {domain}.\nI\'m afraid I wasn\'t able to deliver your message to the following addresses.\nThis is a permanent error; I\'ve given up. Sorry it didn\'t work out.\n\n<{email}>:\nSorry, no mailbox here by that name.',
    'The following message to <{email}> was undeliverable.\nThe reason for the problem:\n5.2.2 - Mailbox is full',
  ],
  bounceSubjects: ['Undelivered Mail Returned to Sender', 'Delivery Status Notification (Failure)', 'Undeliverable: {subject}', 'Mail delivery failed: returning message to sender', 'failure notice', 'Returned mail: see transcript for details'],
  oooSubjects: ['Automatic reply: {subject}', 'Out of Office: {subject}', 'Auto-Reply: {subject}', 'Out of office', 'OOO', 'Re: {subject}'],
};
