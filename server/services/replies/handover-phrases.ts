import { HANDOVER_REASONS } from '../inbox/ownership';

/**
 * Whether a customer's message asks for a person instead of the AI. Deliberately phrase-based, not
 * word-based: 'human', 'person', 'agent' or 'someone' alone say nothing ("the human body", "is this
 * a real product?", "are you a travel agent?"); what counts is asking for one — a request verb or
 * noun phrase around the person words, or a short message that is nothing but the request
 * ("agent please", "human!"), or a role of the business ("the receptionist", "el encargado"). English plus
 * common Spanish, Portuguese, French, German, Italian and Dutch forms. Someone in pain or upset is handed
 * over too (URGENT, UPSET).
 */

/** Someone who is a person, not the bot: "a real person", "your manager", "customer service". */
const PERSON =
  '(?:a |an |the |some |your |ur |one of your )?(?:real |actual |live |human |other )?' +
  '(?:human(?: being)?|person|people|agent|representative|rep|operator|staff(?: member)?|employee|manager|' +
  'supervisor|somebody|someone|anyone|anybody|customer (?:service|support|care)|support team|owner|' +
  // A role of the business's own ("let me talk to ur receptionist", "can I speak to the dentist?").
  'receptionist|reception|front desk|secretary|boss|someone in charge|person in charge|dentist|doctor|nurse|' +
  'vet|mechanic|teacher|principal|pharmacist|therapist)';
/** The end of a request: nothing, or please / now / a reason clause. */
const REQUEST_END = '(?: (?:please|pls|plz|now|asap|instead|real|about .*|for .*|who .*|,? not .*))?[.!?]*$';

/** Said of the future or of someone else ("I'll talk to the staff", "he wants to speak to …"): no request. */
const NOT_NOW = "(?<!\\b(?:will|'ll|going to|gonna|wants to|want you to|has to|had to|wanted to) )";

/**
 * Someone who should not wait for a bot: pain, swelling, bleeding, an emergency, said of themselves now
 * ("my face is swelling", "it really hurts", "this is an emergency"), not asked of the business ("do you
 * take emergencies?", "does whitening hurt?").
 */
const URGENT: Array<[string, RegExp]> = [
  [
    'urgent',
    /\b(?:(?:my|his|her|our|their) [\p{L} ']{2,30}? (?:is|are|has been|have been|keeps?|started|got|won't stop)(?: (?:really|very|so|all))? (?:swelling|swollen|bleeding|hurting|infected)|(?:i'm|i am|we're|we are|he's|she's) (?:bleeding|in (?:a lot of |so much |terrible |severe )?pain)|(?:it|this) (?:really |so |still )?(?:hurts (?:so|really|a lot|too)|is killing me)|(?:severe|terrible|unbearable|excruciating) pain|(?:this|it) is (?:an )?(?:emergency|urgent)|emergency!)/iu,
  ],
  [
    'urgent',
    /\b(?:es (?:una )?(?:urgencia|emergencia)|(?:tengo|tiene) (?:la cara |la boca |la encía )?(?:hinchad[ao]|mucho dolor)|(?:me )?sangra mucho|dolor insoportable|é (?:uma )?(?:urgência|emergência)|(?:estou|está) (?:com (?:muita dor|o rosto inchado)|inchad[ao]|sangrando)|dor insuport[aá]vel|c'est (?:une )?urgence|j'ai (?:très mal|le visage gonflé|la joue gonflée)|(?:ça|il|elle) saigne beaucoup|es ist ein notfall|(?:ich habe|habe) (?:starke|große) schmerzen|(?:mein|meine) [\p{L}]+ ist (?:stark )?geschwollen|è (?:un'?)?(?:emergenza|urgenza)|ho (?:molto|un forte) dolore|(?:ho|ha) (?:la faccia|il viso|la guancia) gonfi[ao]|het is (?:een )?(?:noodgeval|spoed)|ik heb (?:veel|erge) pijn)\b/iu,
  ],
];

/**
 * Someone upset with the answers: asked again and again, or saying the help is no help. A person should
 * take it from here, before the bot says "Thanks for letting me know!".
 */
const UPSET: Array<[string, RegExp]> = [
  [
    'upset',
    /\b(?:(?:i've|i have|i already|already) asked (?:you )?(?:this )?(?:(?:two|three|four|five|several|many|multiple|\d+) times|(?:again and )?again|twice)|this is (?:ridiculous|absurd|useless|pathetic|a joke|unacceptable)|(?:you're|you are) (?:not (?:helping|listening)|useless)|(?:useless|stupid) (?:bot|robot|chatbot|ai)|not helpful at all|you don't understand|no entiendes|esto es (?:ridículo|inaceptable)|isso é (?:ridículo|inaceitável)|c'est (?:ridicule|inadmissible)|das ist (?:lächerlich|unverschämt|inakzeptabel))/iu,
  ],
];

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
  // "is this a bot?" asks for a person, unless it is asked out of curiosity ("… just curious").
  [
    'is this a bot',
    /^(?:are you|am i (?:talking|chatting|speaking) (?:to|with)|is this) (?:a |an )?(?:real |actual )?(?:human|person|bot|robot|machine|ai)\b(?!.*\b(?:just )?(?:curious|wondering|out of curiosity)\b)/i,
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
    /\b(?:hablar|comunicarme|hable) con (?:una |un |alguna |algún |el |la )?(?:persona|humano|agente|asesor|alguien|encargad[oa]|recepcionista|recepción|dentista|doctora?|médic[oa]|responsable|dueñ[oa])\b|\b(?:una persona|un humano|un agente) (?:real |de verdad )?(?:por favor)/i,
  ],
  [
    'falar com uma pessoa',
    /\bfalar com (?:uma |um |algum |alguma |o |a )?(?:pessoa|humano|atendente|agente|algu[eé]m|funcion[aá]ri[oa]|recepcionista|recep[cç][aã]o|dentista|m[eé]dic[oa]|doutora?|respons[aá]vel|dono|dona|gerente)\b|\b(?:um atendente|uma pessoa|um humano) (?:por favor)/i,
  ],
  [
    'parler à une personne',
    /\bparler (?:à|a|avec|au|aux) (?:une |un |la |le |l'|quelqu'un de )?(?:personne|humain|agent|conseiller|conseill[eè]re|quelqu'un|responsable|r[eé]ception(?:niste)?|secr[eé]taire|dentiste|m[eé]decin|docteur|g[eé]rant)|\b(?:un conseiller|une personne|un humain) (?:s'il vous pla[iî]t|svp)/i,
  ],
  [
    'mit einem Menschen sprechen',
    /\bmit (?:einem|einer|jemandem|dem|der) ?(?:echten |richtigen )?(?:menschen|mitarbeiter|mitarbeiterin|person|chef|chefin|inhaber|inhaberin|rezeption|empfang|zahnarzt|zahnärztin|arzt|ärztin)? (?:sprechen|reden|verbinden)\b|\b(?:einen|ein) (?:echten |richtigen )?(?:menschen|mitarbeiter) bitte\b/i,
  ],
  [
    'parlare con una persona',
    /\bparlare con (?:qualcuno|(?:una |un |il |la |l')?(?:persona|umano|operatore|operatrice|responsabile|receptionist|reception|dentista|medico|dottore|dottoressa|titolare)\b)/i,
  ],
  [
    'met een mens spreken',
    /\b(?:spreken|praten) met (?:iemand|(?:een |de )?(?:mens|medewerker|persoon|receptie|tandarts|arts|eigenaar|verantwoordelijke)\b)|\bmet (?:iemand|(?:een |de )?(?:mens|medewerker|persoon|receptie|tandarts|eigenaar)) (?:spreken|praten)\b/i,
  ],
  ...URGENT,
  ...UPSET,
];

/** What the customer needs of a person: to talk to one, help now, or a better answer than the bot's. */
export type PersonNeed = 'person' | 'urgent' | 'upset';

export interface PersonRequestDecision {
  asks: boolean;
  /** Why: the kind of request found, or that none was. Recorded with the reply attempt. */
  reason: string;
  /** When it asks: what for (the hand-over's reason, handoverReason). */
  need?: PersonNeed;
}

const NEEDS: Record<string, PersonNeed> = { urgent: 'urgent', upset: 'upset' };

/** The hand-over's reason, as the owner reads it under the bell, for what the customer needs. */
export function handoverReason(need: PersonNeed = 'person'): string {
  return { person: HANDOVER_REASONS.customerAsked, urgent: HANDOVER_REASONS.urgent, upset: HANDOVER_REASONS.upset }[
    need
  ];
}

const MENTION = /\b(?:human|person|people|agent|representative|operator|staff|employee|manager|someone|owner)\b/i;

/** Whether the text asks to be answered by a person, and why the detector thinks so. */
export function detectPersonRequest(text: string): PersonRequestDecision {
  const message = text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  for (const [name, pattern] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) {
      return {
        asks: true,
        reason: `asked for a person (${name}: “${match[0].trim()}”)`,
        need: NEEDS[name] ?? 'person',
      };
    }
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
