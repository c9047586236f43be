/**
 * Messages that ask nothing of the documents: greetings, thanks, goodbyes, "how are you", a
 * customer introducing themselves, a plain "ok". Each gets a short fitting answer, never a
 * hand-over. A sentence of small talk in front of a question ("Hi, I'm Ana. Do you …?") is taken
 * off, and the question answered.
 */

export type SmallTalk = 'greeting' | 'thanks' | 'goodbye' | 'how_are_you' | 'introduction' | 'acknowledgement';

const OPTIONAL_TAIL = String.raw`(?:[\s,]+(?:there|team|all|everyone|folks|guys|again|so much|very much|a lot|a lot!|mate|friend|lovely|heaps))*[\s!.,:;)]*(?:[\p{Extended_Pictographic}\u200d\ufe0f]+[\s!.]*)*`;

function phrase(words: string): RegExp {
  return new RegExp(`^(?:${words})${OPTIONAL_TAIL}$`, 'iu');
}

const PATTERNS: Array<[SmallTalk, RegExp]> = [
  [
    'greeting',
    phrase(
      'hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|hola|buenos d[ií]as|buenas(?: tardes| noches)?|ol[aá]|oi|bom dia|boa (?:tarde|noite)|bonjour|bonsoir|salut|coucou|hallo|moin|servus|guten (?:morgen|tag|abend)|gr[üu][ßs]+ (?:gott|dich|euch)|ciao',
    ),
  ],
  [
    'thanks',
    phrase(
      "(?:ok(?:ay)?,? |great,? |perfect,? |brilliant,? |awesome,? )?(?:thanks?(?: you)?|thx|ty|cheers|much appreciated|many thanks|gracias|muchas gracias|obrigad[oa]|muito obrigad[oa]|merci(?: beaucoup)?|danke(?: sch[öo]n| sehr)?|vielen dank)(?:[,!.\\s]+(?:that(?:'s| is| was)|this is|you(?:'re| are)|very|so|really|super|most)?[\\s\\w'’]*(?:helpful|great|useful|kind|perfect|amazing|the best|brilliant|sorted|clear))?",
    ),
  ],
  [
    'goodbye',
    phrase(
      '(?:(?:ok(?:ay)?|thanks?(?: you)?|great),? )?(?:bye|goodbye|bye bye|see you(?: soon| later| tomorrow)?|have a (?:nice|good|great|lovely) (?:day|evening|weekend)|take care|good night)(?:[,!.]? (?:have a (?:nice|good|great|lovely) (?:day|evening|weekend)|see you(?: soon)?|take care|thanks?(?: you)?(?: again)?))*|adi[oó]s|hasta (?:luego|pronto|mañana)|tchau|at[eé] (?:logo|mais)|au revoir|[àa] bient[ôo]t|bonne (?:journ[ée]e|soir[ée]e)|tsch[üu]ss|auf wiedersehen|bis (?:bald|dann|morgen)',
    ),
  ],
  [
    'how_are_you',
    phrase(
      "how are you(?: doing)?(?: today)?\\??|how's it going\\??|how are things\\??|wie geht(?:'s| es)(?: (?:dir|euch|ihnen))?\\??|¿?qu[ée] tal\\??|¿?c[óo]mo est[áa]s?\\??|tudo bem\\??|como vai\\??|[çc]a va\\??|comment (?:allez-vous|vas-tu|[çc]a va)\\??",
    ),
  ],
  [
    'acknowledgement',
    phrase(
      "ok(?:ay)?|k|alright|all right|sure|great|perfect|cool|nice|lovely|brilliant|awesome|got it|understood|sounds good|no worries|no problem|de acuerdo|vale|perfecto|genial|certo|beleza|[óo]timo|perfeito|d'accord|parfait|super|gut|alles klar|prima|okay danke|👍|🙏|😊|🙂",
    ),
  ],
];

/** "I'm Ana", "My name is Ana Costa", "Ich bin Jonas", "Me llamo Lucía", "Je m'appelle Claire". */
const INTRODUCTION =
  /^(?:(?:hi|hello|hey|hallo|hola|ol[aá]|oi|bonjour|salut)[\s,!.]+)?(?:my name is|my name's|i am|i'm|this is|call me|ich bin|ich heiße|mein name ist|me llamo|mi nombre es|soy|meu nome é|eu sou|chamo-me|je m'appelle|je suis|moi c'est)\s+(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?)(?:\s+(?:here|from [\p{L} ]+))?[\s!.,:)]*$/iu;

export function introducedName(text: string): string | undefined {
  const match = INTRODUCTION.exec(text.replace(/[’‘]/g, "'").trim());
  const name = match?.[1];
  if (!name) return undefined;
  const first = name.split(/\s/)[0];
  // "I'm Interested", "Je suis Désolé": a capital is not yet a name.
  return /^(?:interested|looking|sorry|back|here|new|happy|fine|good|ok|okay|désolé|désolée|content|contente|interesado|interesada|interessado|interessada)$/i.test(
    first,
  )
    ? undefined
    : first.charAt(0).toUpperCase() + first.slice(1);
}

/** What kind of small talk the sentence is, or undefined when it says or asks something. */
export function smallTalkOf(sentence: string): SmallTalk | undefined {
  const text = sentence.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  if (introducedName(text)) return 'introduction';
  return PATTERNS.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The sentences of a message: lines, then sentence ends ("Hi! I'm Ana. Do you open on Sunday?"). */
export function messageSentences(message: string): string[] {
  return message
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+|(?<=^(?:hi|hello|hey|hallo|hola|olá|oi|bonjour|salut)),\s*/iu))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}
