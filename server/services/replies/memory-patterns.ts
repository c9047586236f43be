import { extractGraph } from '../knowledge/entities';

/**
 * The offline memory extractor: what a customer says about themselves, found by patterns in the
 * five languages the offline model speaks — name, email, phone, where they live, what they own,
 * orders, stated preferences and problems — and the entities it names, typed (a place they live in,
 * a product they own). A pattern misses more than a model does; it stores nothing it is unsure of.
 * The memories are written in English, like the rest of what the owner reads.
 */

export const MEMORY_KINDS = [
  'name',
  'email',
  'phone',
  'address',
  'language',
  'product',
  'order',
  'preference',
  'problem',
  'promise',
  'other',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export interface Fact {
  kind: MemoryKind;
  memory: string;
}

export interface Entity {
  label: string;
  type: string;
}

/** The longest phrase a pattern takes as a place, a product or a problem. */
const MAX_PHRASE_WORDS = 6;
/** Where a phrase after a cue ends: punctuation, or a word that starts the next clause, in any of the languages. */
const PHRASE_END =
  /[,.;:!?()\n]|\s(?:and|but|with|since|because|for|so|which|that|who|at|from|in|last|und|aber|mit|seit|weil|bei|von|vor|im|y|pero|con|desde|porque|que|en|e|mas|com|em|et|mais|avec|depuis|car|qui|à)\s/iu;

function phraseOf(rest: string): string | undefined {
  const end = PHRASE_END.exec(rest);
  const words = (end ? rest.slice(0, end.index) : rest).trim().split(/\s+/).slice(0, MAX_PHRASE_WORDS);
  const phrase = words.join(' ').replace(/['’]s$/, '');
  return /\p{L}/u.test(phrase) ? phrase : undefined;
}

/** The text after the first cue that matches, as a phrase, with the cue. */
function afterCue(text: string, cues: RegExp[]): { cue: string; phrase: string } | undefined {
  for (const cue of cues) {
    const match = cue.exec(text);
    if (match) {
      const phrase = phraseOf(text.slice(match.index + match[0].length));
      if (phrase) return { cue: match[0], phrase };
    }
  }
  return undefined;
}

/** "the north of Altona" names Altona: a phrase's last run of capitalised words, or the whole phrase. */
function namedPart(phrase: string): string {
  const runs = phrase.match(/\p{Lu}[\p{L}'’-]*(?:\s+(?:de|do|da|von|am|an|der|of|\p{Lu}[\p{L}'’-]*))*/gu);
  return runs?.at(-1)?.replace(/\s+(?:de|do|da|von|am|an|der|of)$/u, '') ?? phrase;
}

/** Words that follow "I'm" without being a name ("I'm Looking for …", "I'm Sorry"). */
const NOT_NAMES = new Set(
  (
    'looking interested having not good fine sorry here back trying going just so very still also writing ' +
    'calling asking waiting happy glad new sure ok okay unable able afraid confused disappointed upset ' +
    'from in at on the a an cliente clienta customer kunde kundin client cliente el la o um uma un une'
  ).split(' '),
);
/** After "my name is" / "me llamo": a name, capitalised or not. */
const NAME = "(\\p{L}[\\p{L}'’-]+(?: \\p{L}[\\p{L}'’-]+)?)";
/** After "I'm" / "this is" / "soy" only a capitalised name counts: "I'm Sheena." is one, "this is great!" is not. */
const CAPITALISED_NAME = "(\\p{Lu}[\\p{Ll}'’-]+(?: \\p{Lu}[\\p{Ll}'’-]+)?)";
/** Words that may follow a first name without being a surname ("my name is Ana and …"). */
const NOT_SURNAMES = new Set(
  'and but from here i im please thanks thank the my so or with at in on by to is was und aus hier y de e da et ich'.split(
    ' ',
  ),
);
const NAME_PATTERNS = [
  new RegExp(
    `\\b(?:my name is|my name's|name's|call me|mein name ist|ich heiße|ich heisse|me llamo|mi nombre es|meu nome é|me chamo|chamo-me|je m'appelle|mon nom est)\\s+${NAME}`,
    'iu',
  ),
  new RegExp(
    `(?:^|[.!?,]\\s*)(?:[Ii] am|[Ii]'m|[Tt]his is|[Ss]oy|[Ss]ou|[Jj]e suis|[Hh]ier ist)\\s+${CAPITALISED_NAME}(?=\\s*(?:[,.!?]|$|\\s(?:from|and|here|aus|und|de|y|e|et|da)\\b))`,
    'u',
  ),
];
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;
/** A phone number after a word saying it is one; never an order number. */
const PHONE =
  /\b(phone|mobile|cell|number|whatsapp|telefon|handy|nummer|teléfono|telefono|móvil|movil|número|numero|telefone|telemóvel|celular|téléphone|telephone|portable|numéro)\b[^\d+\n]{0,25}(\+?\d[\d ()./-]{5,}\d)/giu;
const ORDER_WORDS = /(?:order|bestell|auftrag|pedido|encomenda|commande)\S*\s*$/i;
export const ORDER =
  /\b(?:order|bestellung|bestellnummer|auftrag|pedido|encomenda|commande)\s*(?:number|nummer|nr\.?|no\.?|num|número|numero|n[º°o]\.?|id|#)?\s*(?:is\s*|ist\s*|es\s*|é\s*|est\s*|:\s*)?#?\s*([A-Z0-9][A-Z0-9-]{2,})/giu;

/** Where the customer lives: an area after "I live in", "I moved to", "wohne in", "moro em", "j'habite à" … */
const AREA_CUES = [
  /\b(?:i|we|and)\s+(?:now\s+|still\s+)?(?:live|am living|'m living|are living|reside)\s+(?:now\s+)?in\s+/iu,
  /\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|recently\s+|now\s+)?moved\s+(?:house\s+)?(?:to|into)\s+/iu,
  /\b(?:i'm|i am|we're|we are)\s+(?:based|located)\s+in\s+/iu,
  /\b(?:wohne|wohnen|lebe|leben)\s+(?:jetzt\s+|nun\s+|seit kurzem\s+)?in\s+/iu,
  /\b(?:vivo|vivimos|resido)\s+(?:ahora\s+)?en\s+/iu,
  /\b(?:me mudé|nos mudamos|me he mudado|nos hemos mudado|me cambié)\s+a\s+/iu,
  /\b(?:moro|moramos|vivo|vivemos)\s+(?:agora\s+)?(?:em|no|na|nos|nas)\s+/iu,
  /\b(?:mudei-me|me mudei|mudei|mudámos|mudamos)\s+(?:para|pra)\s+(?:o\s+|a\s+)?/iu,
  /\b(?:j'habite|nous habitons|je vis|nous vivons|je réside)\s+(?:maintenant\s+|désormais\s+)?(?:à|a|au|aux|en|dans)\s+/iu,
  /\b(?:j'ai|nous avons)\s+déménagé\s+(?:à|a|au|aux|en|dans)\s+/iu,
];
/** German puts the place before the verb: "ich bin nach Ottensen gezogen". */
const AREA_BEFORE_VERB = /\bnach\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)\s+(?:um)?gezogen\b/u;
/** A full address, up to the end of its sentence. */
const ADDRESS =
  /\b(?:my (?:new )?address is|my address:|meine (?:neue )?adresse (?:ist|lautet)|mi (?:nueva )?dirección es|(?:o )?meu (?:novo )?endereço é|mon adresse est|ma nouvelle adresse est)\s*:?\s*([^.!?\n]{4,120})/iu;

/** What the customer owns: "I ride a blue Gazelle city bike", "ich habe einen … gekauft", "compré una …". */
const OWNED_CUES = [
  /\b(?:i|we)\s+(?:ride|own|drive|bought|purchased|have|'ve got|have got|use)\s+(?:an?|the|my|our|one of your)\s+/iu,
  /\bich\s+(?:fahre|besitze)\s+(?:ein|einen|eine)\s+/iu,
  /\b(?:compré|compramos|tengo)\s+(?:un|una)\s+/iu,
  /\b(?:comprei|comprámos|tenho)\s+(?:um|uma)\s+/iu,
  /\b(?:j'ai acheté|nous avons acheté|je roule en|je roule avec)\s+(?:un|une|le|la)?\s*/iu,
];
/** "I have a …" and "tengo una …" name a product only with a brand or a model number in it (not "a question"). */
const VAGUE_OWNED = /\b(?:have|got|use|tengo|tenho)\s/iu;
const GERMAN_BOUGHT = /\bich habe\s+(?:ein|einen|eine)\s+((?:\S+\s+){0,4}?\S+)\s+gekauft\b/iu;
const BRANDED = /\p{Lu}|\d/u;

const PREFERENCES: Array<{ pattern: RegExp; as: (what: string) => string }> = [
  { pattern: /\bi(?:'d| would) rather (?:have |get )?([^.!?\n]{3,80})/i, as: (what) => `Prefers ${what}` },
  { pattern: /\bi (?:always )?prefer ([^.!?\n]{3,80})/i, as: (what) => `Prefers ${what}` },
  { pattern: /\bi (?:really )?(?:like|love) ([^.!?\n]{3,80})/i, as: (what) => `Likes ${what}` },
  { pattern: /\bi (?:don't|do not|dont) (?:like|want) ([^.!?\n]{3,80})/i, as: (what) => `Does not like ${what}` },
  { pattern: /\bi(?:'m| am) allergic to ([^.!?\n]{3,80})/i, as: (what) => `Allergic to ${what}` },
  { pattern: /\bplease (?:always|never) ([^.!?\n]{3,80})/i, as: (what) => `Asked: please ${what}` },
  {
    pattern: /\b(?:ich bevorzuge|ich hätte lieber|prefiero|prefiro|je préfère)\s+([^.!?\n]{3,80})/iu,
    as: (what) => `Prefers ${what}`,
  },
];

/** A problem with something of theirs, in the customer's words: "my brakes are squeaking", "mein Akku ist kaputt". */
const PROBLEMS = [
  /\b(?:my|our|the)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s+(?:is|are|was|were|keeps?|has been|have been|seems?|arrived|came)\s+(?:still\s+|always\s+|completely\s+)?(?:broken|damaged|defective|faulty|late|missing|leaking|stuck|squeaking|squeaky|wobbly|loose|flat|cracked|scratched|wrong|not working)\b/iu,
  /\b(?:my|our|the)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s+(?:doesn't|does not|won't|will not|isn't|is not|don't|do not|stopped|keeps)\s+(?:work|working|start|starting|charge|charging|shift|shifting|brake|braking|squeaking|slipping|skipping|rattling|creaking|clicking|arrive|fit|turn on)\b/iu,
  /\bi\s+(?:have|'ve got|got)\s+(?:a\s+)?(?:flat(?: tyre| tire)?|puncture)\b/iu,
  /\b(?:my|our|the)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s+(?:has|have|got)\s+(?:a\s+)?(?:flat(?: tyre| tire)?|puncture|crack|leak|scratch)\b/iu,
  /\b(?:a|an)\s+(?:problem|issue|trouble)\s+with\s+(?:my|our|the)\s+(?:[\p{L}-]+\s*){1,4}/iu,
  /\b(?:mein|meine|meinen)\s+\p{L}+\s+(?:ist|sind|war)\s+(?:\p{L}+\s+)?(?:kaputt|defekt|beschädigt|platt)\b/iu,
  /\b(?:mein|meine)\s+\p{L}+\s+(?:funktioniert|geht)\s+nicht\b/iu,
  /\b(?:mi|mis)\s+\p{L}+\s+(?:está|están|llegó)\s+(?:rot[oa]s?|dañad[oa]s?|averiad[oa]s?|pinchad[oa])\b/iu,
  /\b(?:mi|mis)\s+\p{L}+\s+no\s+funcionan?\b/iu,
  /\b(?:o meu|a minha|meu|minha)\s+\p{L}+\s+(?:está|chegou)\s+(?:avariad[oa]|partid[oa]|estragad[oa]|furad[oa])\b/iu,
  /\b(?:o meu|a minha|meu|minha)\s+\p{L}+\s+não\s+funciona\b/iu,
  /\b(?:mon|ma|mes)\s+\p{L}+\s+(?:est|sont|est arrivée?)\s+(?:cassée?s?|abîmée?s?|en panne|crevée?)\b/iu,
  /\b(?:mon|ma|mes)\s+\p{L}+\s+ne\s+(?:marche|fonctionne)\s+(?:plus|pas)\b/iu,
];

function capitalised(name: string): string {
  return name
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const article = (phrase: string) => (/^[aeiou]/i.test(phrase) ? 'an' : 'a');

function nameOf(text: string): string | undefined {
  for (const pattern of NAME_PATTERNS) {
    const match = pattern.exec(text);
    const [first, second] = match?.[1].split(' ') ?? [];
    const name = second && !NOT_SURNAMES.has(second.toLowerCase()) ? `${first} ${second}` : first;
    if (name && !NOT_NAMES.has(first.toLowerCase())) return capitalised(name);
  }
  return undefined;
}

function phonesOf(text: string): string[] {
  const phones: string[] = [];
  for (const match of text.matchAll(PHONE)) {
    if (ORDER_WORDS.test(text.slice(0, match.index))) continue;
    const phone = match[2].replace(/\s+/g, ' ').trim();
    if (phone.replace(/\D/g, '').length >= 7) phones.push(phone);
  }
  return phones;
}

/** Where the customer lives: their address, or the area they live in or moved to. */
function homeOf(text: string): { fact: Fact; place: string } | undefined {
  const address = ADDRESS.exec(text)?.[1]?.trim();
  if (address) return { fact: { kind: 'address', memory: `Address: ${address}` }, place: address };
  const area = afterCue(text, AREA_CUES)?.phrase ?? AREA_BEFORE_VERB.exec(text)?.[1];
  if (!area) return undefined;
  const place = namedPart(area);
  return { fact: { kind: 'address', memory: `Lives in ${area}` }, place };
}

function ownedOf(text: string): Array<{ fact: Fact; product: string }> {
  const owned: Array<{ fact: Fact; product: string }> = [];
  const phrases: string[] = [];
  const cued = afterCue(text, OWNED_CUES);
  if (cued && (!VAGUE_OWNED.test(cued.cue) || BRANDED.test(cued.phrase))) phrases.push(cued.phrase);
  const german = phraseOf(GERMAN_BOUGHT.exec(text)?.[1] ?? '');
  if (german) phrases.push(german);
  for (const phrase of phrases) {
    const brand = phrase.search(/\p{Lu}|\d/u);
    const product = brand > 0 && /\s/.test(phrase.slice(0, brand)) ? phrase.slice(brand) : phrase;
    owned.push({ fact: { kind: 'product', memory: `Owns ${article(phrase)} ${phrase}` }, product });
  }
  return owned;
}

export function ordersOf(text: string): string[] {
  const orders: string[] = [];
  for (const match of text.matchAll(ORDER)) {
    const number = match[1].toUpperCase();
    if (/\d/.test(number)) orders.push(`Order #${number}`);
  }
  return orders;
}

function problemsOf(text: string): Fact[] {
  for (const pattern of PROBLEMS) {
    const problem = pattern.exec(text)?.[0].trim();
    if (problem) return [{ kind: 'problem', memory: `Problem: ${problem}` }];
  }
  return [];
}

/** The same apostrophe everywhere, so that one pattern reads "I’m" and "I'm". */
const plain = (text: string) => text.replace(/[’‘]/g, "'");

/** The offline extractor's facts about the customer. */
export function extractFactsOffline(raw: string): Fact[] {
  const text = plain(raw);
  const facts: Fact[] = [];
  const name = nameOf(text);
  if (name) facts.push({ kind: 'name', memory: `Name: ${name}` });
  const email = EMAIL.exec(text)?.[0];
  if (email) facts.push({ kind: 'email', memory: `Email: ${email.toLowerCase()}` });
  const phone = phonesOf(text)[0];
  if (phone) facts.push({ kind: 'phone', memory: `Phone: ${phone}` });
  const home = homeOf(text);
  if (home) facts.push(home.fact);
  facts.push(...ownedOf(text).map((owned) => owned.fact));
  facts.push(...ordersOf(text).map((order): Fact => ({ kind: 'order', memory: order })));
  for (const { pattern, as } of PREFERENCES) {
    const what = pattern
      .exec(text)?.[1]
      ?.trim()
      .replace(/[,;]+$/, '');
    if (what) facts.push({ kind: 'preference', memory: as(what) });
  }
  facts.push(...problemsOf(text));
  return facts;
}

/**
 * The entities of a customer message, offline: where they live (a place) and what they own (a
 * product), typed by the pattern that found them; the document extractor's names, where no pattern
 * typed the same words; order numbers.
 */
export function extractEntitiesOffline(raw: string): Entity[] {
  const text = plain(raw);
  const typed: Entity[] = [];
  const home = homeOf(text);
  if (home) typed.push({ label: home.place, type: 'place' });
  typed.push(...ownedOf(text).map((owned) => ({ label: owned.product, type: 'product' })));
  typed.push(...ordersOf(text).map((order) => ({ label: order, type: 'order' })));
  const known = typed.map((entity) => entity.label.toLowerCase());
  const named = extractGraph(text)
    .nodes.filter((node) => !known.some((label) => label.includes(node.label.toLowerCase())))
    .map((node) => ({ label: node.label, type: node.type }));
  return [...typed, ...named];
}
