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

/** Said of the future or of someone else ("I'll talk to the staff", "he wants to speak to …"): no request. */
const NOT_NOW = "(?<!\\b(?:will|'ll|going to|gonna|wants to|want you to|has to|had to|wanted to) )";

/** Each way of asking, named: the name is the detector's recorded reason. */
const PATTERNS: Array<[string, RegExp]> = [
  ['talk to a person', new RegExp(`${NOT_NOW}\\b(?:talk|speak|chat|communicate) (?:to|with) ${PERSON}\\b`, 'i')],
  [
    'be put through to a person',
    new RegExp(
      `\\b(?:connect|transfer|put|pass|forward|escalate) (?:me |this |us )?(?:through |over )?(?:to|with) ${PERSON}\\b`,
      'i',
    ),
  ],
  [
    'want a person',
    new RegExp(`\\b(?:want|need|like|prefer|request|get me|give me|find me) (?:to have )?${PERSON}${REQUEST_END}`, 'i'),
  ],
  // "a real person", unless something else is one ("my friend is a real person who …").
  [
    'a real person',
    /(?<!\b(?:is|was|are|were|be|'s|s) (?:a |an |the )?)\b(?:real|actual|live) (?:human|person|people|agent|operator|representative)\b(?! (?:who|that|which) )/i,
  ],
  [
    'is this a bot',
    /^(?:are you|am i (?:talking|chatting|speaking) (?:to|with)|is this) (?:a |an )?(?:real |actual )?(?:human|person|bot|robot|machine|ai)\b/i,
  ],
  ['reach a person', new RegExp(`\\b(?:reach|contact) ${PERSON}${REQUEST_END}`, 'i')],
  ['reach a person', new RegExp(`\\b(?:can|could|may) (?:i|we) (?:reach|contact|call) ${PERSON}\\b`, 'i')],
  ['is there a person', new RegExp(`\\bis there ${PERSON} (?:i can|to|who can) (?:talk|speak|chat|help)\\b`, 'i')],
  ['not a bot', /\bnot (?:a |the |this |with a |with the )?(?:bot|robot|machine|chatbot|ai)\b/i],
  [
    'stop the bot',
    /\b(?:stop|enough with|no more) (?:the |this )?(?:bot|robot|chatbot|ai|automated (?:replies|answers|messages))\b/i,
  ],
  [
    'only the request',
    /^(?:(?:a|an|the) )?(?:real )?(?:human|person|agent|representative|operator|someone|somebody|customer service)(?: please| pls| plz| now| asap)?[.!?]*$/i,
  ],
  ['only the request', /^(?:please|pls|plz) (?:an? )?(?:human|person|agent|representative|operator)[.!?]*$/i],
  [
    'hablar con una persona',
    /\b(?:hablar|comunicarme|hable) con (?:una |un |alguna |algún )?(?:persona|humano|agente|asesor|alguien|encargado)\b|\b(?:una persona|un humano|un agente) (?:real |de verdad )?(?:por favor)/i,
  ],
  [
    'falar com uma pessoa',
    /\bfalar com (?:uma |um |algum |alguma )?(?:pessoa|humano|atendente|agente|algu[eé]m|funcion[aá]rio)\b|\b(?:um atendente|uma pessoa|um humano) (?:por favor)/i,
  ],
  [
    'parler à une personne',
    /\bparler (?:à|a|avec) (?:une |un )?(?:personne|humain|agent|conseiller|conseill[eè]re|quelqu'un|responsable)|\b(?:un conseiller|une personne|un humain) (?:s'il vous pla[iî]t|svp)/i,
  ],
  [
    'mit einem Menschen sprechen',
    /\bmit (?:einem|einer|jemandem|dem|der) ?(?:echten |richtigen )?(?:menschen|mitarbeiter|mitarbeiterin|person|chef|chefin|inhaber|inhaberin)? (?:sprechen|reden|verbinden)\b|\b(?:einen|ein) (?:echten |richtigen )?(?:menschen|mitarbeiter) bitte\b/i,
  ],
];

export interface PersonRequestDecision {
  asks: boolean;
  /** Why: the kind of request found, or that none was. Recorded with the reply attempt. */
  reason: string;
}

const MENTION = /\b(?:human|person|people|agent|representative|operator|staff|employee|manager|someone|owner)\b/i;

/** Whether the text asks to be answered by a person, and why the detector thinks so. */
export function detectPersonRequest(text: string): PersonRequestDecision {
  const message = text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  for (const [name, pattern] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { asks: true, reason: `asked for a person (${name}: “${match[0].trim()}”)` };
  }
  const mention = MENTION.exec(message)?.[0];
  return {
    asks: false,
    reason: mention ? `mentions “${mention}” without asking for one` : 'no request for a person',
  };
}

/** True when the text asks to be answered by a person. */
export function asksForPerson(text: string): boolean {
  return detectPersonRequest(text).asks;
}
