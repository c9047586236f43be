import type { Language } from './lexicon';
import type { SmallTalk } from './small-talk';

/**
 * The offline model's own words, in the customer's language: the short answers to small talk, the
 * yes or no in front of a fact, and what a customer is told when the documents do not answer; and,
 * for every model, what a customer whose voice note the agent cannot listen to is asked.
 * Facts never come from here, only from the documents' sentences.
 */

type Named = (name: string | undefined) => string;

interface Phrases {
  smallTalk: Record<SmallTalk, Named>;
  yes: Named;
  no: Named;
  hello: Named;
  notFound: Named;
  statement: Named;
  voiceNote: () => string;
}

const to = (name: string | undefined, before = ' ') => (name ? `${before}${name}` : '');

export const PHRASES: Record<Language, Phrases> = {
  en: {
    smallTalk: {
      greeting: (name) => `Hello${to(name)}! How can I help you today?`,
      thanks: (name) => `You’re welcome${to(name, ', ')}! Anything else I can help with?`,
      goodbye: (name) => `Goodbye${to(name, ', ')}, and have a lovely day!`,
      how_are_you: () => 'I’m doing well, thank you! How can I help you today?',
      introduction: (name) => `Nice to meet you${to(name, ', ')}! How can I help you today?`,
      acknowledgement: () => 'Great! Let me know if there’s anything else I can help with.',
    },
    yes: (name) => `Yes${to(name, ', ')}!`,
    no: (name) => `Sorry${to(name, ' ')}, no.`,
    hello: (name) => `Hi${to(name)}!`,
    notFound: (name) =>
      `Sorry${to(name, ' ')}, I couldn’t find the answer to that in our information. I’ve passed your question on to the team, and someone will get back to you here.`,
    statement: () => 'Thanks for letting me know! Is there anything I can help you with?',
    voiceNote: () => 'Sorry, I can’t listen to voice notes. Could you type your message for me, please?',
  },
  de: {
    smallTalk: {
      greeting: (name) => `Hallo${to(name)}! Wie kann ich helfen?`,
      thanks: (name) => `Gern geschehen${to(name, ', ')}! Kann ich sonst noch helfen?`,
      goodbye: (name) => `Auf Wiedersehen${to(name, ', ')}, und einen schönen Tag!`,
      how_are_you: () => 'Danke, gut! Wie kann ich helfen?',
      introduction: (name) => `Schön, dich kennenzulernen${to(name, ', ')}! Wie kann ich helfen?`,
      acknowledgement: () => 'Prima! Melde dich gern, wenn ich noch helfen kann.',
    },
    yes: (name) => `Ja${to(name, ', ')}!`,
    no: (name) => `Leider nein${to(name, ', ')}.`,
    hello: (name) => `Hallo${to(name)}!`,
    notFound: (name) =>
      `Tut mir leid${to(name, ', ')}, dazu finde ich nichts in unseren Informationen. Ich habe deine Frage an das Team weitergegeben; jemand meldet sich hier bei dir.`,
    statement: () => 'Danke für die Info! Kann ich dir bei etwas helfen?',
    voiceNote: () =>
      'Entschuldige, Sprachnachrichten kann ich nicht anhören. Kannst du mir deine Nachricht bitte schreiben?',
  },
  es: {
    smallTalk: {
      greeting: (name) => `¡Hola${to(name)}! ¿En qué puedo ayudarte?`,
      thanks: (name) => `¡De nada${to(name, ', ')}! ¿Algo más en lo que pueda ayudarte?`,
      goodbye: (name) => `¡Hasta luego${to(name, ', ')}, que tengas un buen día!`,
      how_are_you: () => '¡Muy bien, gracias! ¿En qué puedo ayudarte?',
      introduction: (name) => `¡Encantado de conocerte${to(name, ', ')}! ¿En qué puedo ayudarte?`,
      acknowledgement: () => '¡Perfecto! Avísame si necesitas algo más.',
    },
    yes: (name) => `¡Sí${to(name, ', ')}!`,
    no: (name) => `Lo siento${to(name, ', ')}, no.`,
    hello: (name) => `¡Hola${to(name)}!`,
    notFound: (name) =>
      `Lo siento${to(name, ', ')}, no encuentro la respuesta en nuestra información. He pasado tu pregunta al equipo y alguien te responderá aquí.`,
    statement: () => '¡Gracias por contármelo! ¿Puedo ayudarte en algo?',
    voiceNote: () => 'Lo siento, no puedo escuchar notas de voz. ¿Podrías escribirme tu mensaje, por favor?',
  },
  pt: {
    smallTalk: {
      greeting: (name) => `Olá${to(name)}! Como posso ajudar?`,
      thanks: (name) => `De nada${to(name, ', ')}! Posso ajudar em mais alguma coisa?`,
      goodbye: (name) => `Até logo${to(name, ', ')}, tenha um ótimo dia!`,
      how_are_you: () => 'Tudo bem, obrigado! Como posso ajudar?',
      introduction: (name) => `Prazer em conhecê-lo${to(name, ', ')}! Como posso ajudar?`,
      acknowledgement: () => 'Ótimo! Se precisar de mais alguma coisa, é só dizer.',
    },
    yes: (name) => `Sim${to(name, ', ')}!`,
    no: (name) => `Infelizmente não${to(name, ', ')}.`,
    hello: (name) => `Olá${to(name)}!`,
    notFound: (name) =>
      `Desculpe${to(name, ', ')}, não encontrei a resposta nas nossas informações. Passei a sua pergunta à equipa e alguém vai responder-lhe aqui.`,
    statement: () => 'Obrigado por nos dizer! Posso ajudar em alguma coisa?',
    voiceNote: () => 'Desculpe, não consigo ouvir mensagens de voz. Pode escrever a sua mensagem, por favor?',
  },
  fr: {
    smallTalk: {
      greeting: (name) => `Bonjour${to(name)} ! Comment puis-je vous aider ?`,
      thanks: (name) => `Avec plaisir${to(name, ', ')} ! Puis-je vous aider pour autre chose ?`,
      goodbye: (name) => `Au revoir${to(name, ', ')}, et bonne journée !`,
      how_are_you: () => 'Très bien, merci ! Comment puis-je vous aider ?',
      introduction: (name) => `Enchanté${to(name, ', ')} ! Comment puis-je vous aider ?`,
      acknowledgement: () => 'Parfait ! N’hésitez pas si vous avez une autre question.',
    },
    yes: (name) => `Oui${to(name, ', ')} !`,
    no: (name) => `Désolé${to(name, ', ')}, non.`,
    hello: (name) => `Bonjour${to(name)} !`,
    notFound: (name) =>
      `Désolé${to(name, ', ')}, je ne trouve pas la réponse dans nos informations. J’ai transmis votre question à l’équipe ; quelqu’un vous répondra ici.`,
    statement: () => 'Merci pour l’information ! Puis-je vous aider ?',
    voiceNote: () =>
      'Désolé, je ne peux pas écouter les messages vocaux. Pourriez-vous m’écrire votre message, s’il vous plaît ?',
  },
};
