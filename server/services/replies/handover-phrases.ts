/**
 * Whether a customer's message asks for a person instead of the AI. Deliberately phrase-based, not
 * word-based: 'human', 'person', 'agent' or 'someone' alone say nothing ("the human body", "is this
 * a real product?", "are you a travel agent?"); what counts is asking for one — a request verb or
 * noun phrase around the person words, or a short message that is nothing but the request
 * ("agent please", "human!"). English plus a few common Spanish, Portuguese, French and German forms.
 */

/** Someone who is a person, not the bot: "a real person", "your manager", "customer service". */
const PERSON =
  '(?:a |an |the |some |your |one of your )?(?:real |actual |live |human |other )?' +
  '(?:human(?: being)?|person|people|agent|representative|rep|operator|staff(?: member)?|employee|manager|' +
  'supervisor|somebody|someone|anyone|anybody|customer (?:service|support|care)|support team|owner)';
/** The end of a request: nothing, or please / now / a reason clause. */
const REQUEST_END = '(?: (?:please|pls|plz|now|asap|instead|real|about .*|for .*|who .*|,? not .*))?[.!?]*$';

const PATTERNS: RegExp[] = [
  // talk / speak / chat to or with a person
  new RegExp(`\\b(?:talk|speak|chat|communicate) (?:to|with) ${PERSON}\\b`, 'i'),
  // connect / transfer / put me through / pass me to a person
  new RegExp(
    `\\b(?:connect|transfer|put|pass|forward|escalate) (?:me |this |us )?(?:through |over )?(?:to|with) ${PERSON}\\b`,
    'i',
  ),
  // I want / need / would like a person; get me a person
  new RegExp(`\\b(?:want|need|like|prefer|request|get me|give me|find me) (?:to have )?${PERSON}${REQUEST_END}`, 'i'),
  // a real / actual / live person or human (the adjective makes it a request), not "real product"
  /\b(?:real|actual|live) (?:human|person|people|agent|operator|representative)\b/i,
  // reach / contact a person, as a question or a request
  new RegExp(`\\b(?:reach|contact) ${PERSON}${REQUEST_END}`, 'i'),
  new RegExp(`\\b(?:can|could|may) (?:i|we) (?:reach|contact|call) ${PERSON}\\b`, 'i'),
  // is there a person / anyone I can talk to
  new RegExp(`\\bis there ${PERSON} (?:i can|to|who can) (?:talk|speak|chat|help)\\b`, 'i'),
  // not a bot / stop the bot
  /\bnot (?:a |the |this |with a |with the )?(?:bot|robot|machine|chatbot|ai)\b/i,
  /\b(?:stop|enough with|no more) (?:the |this )?(?:bot|robot|chatbot|ai|automated (?:replies|answers|messages))\b/i,
  // the whole message is the request: "agent please", "human!", "representative", "operator?"
  /^(?:(?:a|an|the) )?(?:real )?(?:human|person|agent|representative|operator|someone|somebody|customer service)(?: please| pls| plz| now| asap)?[.!?]*$/i,
  /^(?:please|pls|plz) (?:an? )?(?:human|person|agent|representative|operator)[.!?]*$/i,
  // Spanish, Portuguese, French, German
  /\b(?:hablar|comunicarme) con (?:una |un )?(?:persona|humano|agente|asesor|alguien)\b/i,
  /\bfalar com (?:uma |um )?(?:pessoa|humano|atendente|agente|algu[eé]m)\b/i,
  /\bparler (?:à|a|avec) (?:une |un )?(?:personne|humain|agent|conseiller|quelqu'un)/i,
  /\bmit (?:einem|einer) (?:menschen|mitarbeiter|mitarbeiterin|person) (?:sprechen|reden)\b/i,
];

/** True when the text asks to be answered by a person. */
export function asksForPerson(text: string): boolean {
  const message = text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  if (message === '') return false;
  return PATTERNS.some((pattern) => pattern.test(message));
}
