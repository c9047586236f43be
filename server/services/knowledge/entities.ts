import type { GraphEdgeInput, GraphNodeInput } from '../agents/graph';

/**
 * Offline entity and relation extraction for the knowledge graph: a plain heuristic, not a model.
 * It finds capitalised multi-word names (typed by a telling first or last word, a person's only by a
 * title or a common first name), email addresses, phone numbers, prices and product-like codes; two
 * of them in one sentence are 'mentioned with' each other.
 * Names at the start of a sentence and all-capital text (OCR output) are found less reliably.
 */
export interface ExtractedGraph {
  nodes: GraphNodeInput[];
  edges: GraphEdgeInput[];
}

/** Bounds on what one document adds, so a long document gives a readable graph. */
export const MAX_NODES_PER_DOCUMENT = 40;
export const MAX_EDGES_PER_DOCUMENT = 80;
export const RELATION_LABEL = 'mentioned with';

/** A name ending in one of these is an organisation: "Acme Ltd", "Elbe Cycles", "Altona Riders". */
const ORGANIZATION_WORDS =
  /\b(Inc|Ltd|LLC|GmbH|AG|KG|eV|e\.V|SA|SL|Lda|Ltda|SARL|SAS|Corp|Corporation|Company|Co|Bank|University|Group|Foundation|Association|Agency|Ministry|Hotel|Hostel|Inn|Guesthouse|Restaurant|Bakery|Café|Cafe|Coffee|Bar|Shop|Store|Market|Cycles|Bikes|Bicycles|Motors|Studio|Salon|Services|Club|Team|Society|Riders|Runners|Cyclists|Wheelers|United|Rovers|Verein|Bäckerei|Laden|Werkstatt|Markt)\.?$/;
/** A name starting with one of these is an organisation: "Club Ciclista Triana", "Café Lisboa". */
const ORGANIZATION_FIRST_WORDS =
  /^(Club|Clube|Team|Hotel|Café|Cafe|Bäckerei|Verein|Radsportverein|Associação|Asociación|Association|Panadería|Padaria|Boulangerie|Pension|Pensão|Restaurante|Restaurant|FC|SC|SV|TSV|CD|CF)\b/;
/** A name ending or starting with one of these is a place: "Baker Street", "Rua Augusta", "Mönckebergstraße". */
const PLACE_WORDS =
  /(\b(Street|St|Road|Rd|Avenue|Ave|Square|Park|City|Lake|River|Mountain|Island|Bay|Beach|Airport|Station|Harbour|Harbor|Platz|Weg|Allee|Gasse|Ufer|Hafen|Bahnhof|Str)|stra(ß|ss)e)\.?$/;
const PLACE_FIRST_WORDS =
  /^(Rua|Calle|Avenida|Av|Rue|Place|Boulevard|Quai|Praça|Plaza|Largo|Travessa|Paseo|Lake|Mount|Bad)\b/;
/**
 * A name is a person's only when it starts like one: a title, or a common first name of the five
 * languages. Other two-word names (a shop, a club, a product line) are topics, not people.
 */
const PERSON_TITLES =
  /^(Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Señor|Señora|Sr|Sra|Senhor|Senhora|Dona|Monsieur|Madame|Mme)\b/;
const FIRST_NAMES = new Set(
  (
    'Ada Adam Alan Alex Alexander Alice Amelia Amy Ana Andrea Andreas Andrew Angela Anna Anne Antonio Ben Benjamin ' +
    'Carla Carlos Carmen Charlotte Chris Christian Claire Claudia Daniel David Diego Elena Elizabeth Emily Emma Eva ' +
    'Felix Fernando Francisco Frank Gabriel George Grace Hannah Hans Harry Helen Henry Hugo Inês Isabel Jack Jacob ' +
    'James Jan Jane Javier Jean Jennifer Joana John Jonas Jorge José Joseph Juan Julia Julie Jürgen Karl Kate Katharina ' +
    'Klaus Laura Lea Leon Linda Lisa Louis Louise Lucas Lucía Luis Luísa Lukas Manuel Marc Marco Maria María Marie ' +
    'Mark Marta Martin Mary Matthew Max Maximilian Mia Michael Michel Miguel Nicolas Nina Olivia Oliver Paul Paula ' +
    'Pedro Peter Philippe Pierre Priya Rafael Richard Robert Rui Sam Sara Sarah Sebastian Sheena Simon Sofia Sophie ' +
    'Stefan Susan Thomas Tiago Tom Ursula Victor William Zoë'
  ).split(' '),
);
const LEADING_STOPWORDS = new Set([
  'The',
  'A',
  'An',
  'This',
  'That',
  'These',
  'Those',
  'Our',
  'Your',
  'Its',
  'In',
  'On',
  'At',
  'For',
  'If',
  'When',
  'We',
  'You',
  'Please',
  'Page',
  'My',
  'Hi',
  'Hello',
  'Thanks',
  'Mein',
  'Meine',
  'Ich',
  'Hallo',
  'Hier',
  'Soy',
  'Mi',
  'Hola',
  'Sou',
  'Meu',
  'Minha',
  'Olá',
  'Je',
  'Mon',
  'Ma',
  'Bonjour',
]);

const PATTERNS: Array<{ type: string; pattern: RegExp }> = [
  { type: 'email', pattern: /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g },
  { type: 'phone', pattern: /(?<![\w+])\+?\d[\d ().-]{6,}\d(?!\w)/g },
  {
    type: 'price',
    pattern: /(?:[$€£]\s?\d[\d,]*(?:\.\d{2})?|\b\d[\d,]*(?:\.\d{2})?\s?(?:USD|EUR|GBP|dollars|euros)\b)/g,
  },
  { type: 'product', pattern: /\b[A-Z][A-Za-z]*-?\d+[A-Za-z]*\b/g },
  {
    type: 'name',
    pattern: /\b[A-Z][a-z]+(?:[ \t]+(?:(?:of|and|de|van|von|&)[ \t]+)?[A-Z][a-z]+\.?)+/g,
  },
];

export function typeOfName(label: string): string {
  if (ORGANIZATION_WORDS.test(label) || ORGANIZATION_FIRST_WORDS.test(label)) return 'organization';
  if (PLACE_WORDS.test(label) || PLACE_FIRST_WORDS.test(label)) return 'place';
  const words = label.split(' ');
  const named = PERSON_TITLES.test(label) || FIRST_NAMES.has(words[0]);
  return named && words.length <= 3 ? 'person' : 'topic';
}

function trimName(name: string): string | undefined {
  const words = name.replace(/\.$/, '').split(/\s+/);
  while (words.length > 0 && LEADING_STOPWORDS.has(words[0])) words.shift();
  return words.length >= 2 ? words.join(' ') : undefined;
}

function entitiesOf(sentence: string): GraphNodeInput[] {
  const found = new Map<string, GraphNodeInput>();
  for (const { type, pattern } of PATTERNS) {
    for (const match of sentence.matchAll(pattern)) {
      let label = match[0].trim();
      let nodeType = type;
      if (type === 'name') {
        const name = trimName(label);
        if (!name) continue;
        label = name;
        nodeType = typeOfName(name);
      }
      if (type === 'phone' && (label.replace(/\D/g, '').length < 7 || /^\d{4}-\d{2}-\d{2}$/.test(label))) continue;
      const key = label.toLowerCase();
      if (![...found.keys()].some((known) => known.includes(key))) found.set(key, { label, type: nodeType });
    }
  }
  return [...found.values()];
}

const nodeKey = (node: GraphNodeInput) => `${node.type}\u0000${node.label}`;

/** The document's most frequent entities and the sentences that join them. */
export function extractGraph(text: string): ExtractedGraph {
  const counts = new Map<string, { node: GraphNodeInput; count: number }>();
  const pairs = new Map<string, { edge: GraphEdgeInput; count: number }>();
  const sentences = text.split(/(?<=[.!?])\s+|\n+/);
  const perSentence = sentences.map(entitiesOf);
  for (const nodes of perSentence) {
    for (const node of nodes) {
      const entry = counts.get(nodeKey(node)) ?? { node, count: 0 };
      entry.count += 1;
      counts.set(nodeKey(node), entry);
    }
  }
  const kept = new Set(
    [...counts.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, MAX_NODES_PER_DOCUMENT)
      .map(({ node }) => nodeKey(node)),
  );
  for (const nodes of perSentence) {
    const present = nodes
      .filter((node) => kept.has(nodeKey(node)))
      .sort((a, b) => nodeKey(a).localeCompare(nodeKey(b)));
    for (let i = 0; i < present.length; i += 1) {
      for (let j = i + 1; j < present.length; j += 1) {
        const key = `${nodeKey(present[i])}\u0001${nodeKey(present[j])}`;
        const entry = pairs.get(key) ?? {
          edge: { source: present[i], target: present[j], label: RELATION_LABEL },
          count: 0,
        };
        entry.count += 1;
        pairs.set(key, entry);
      }
    }
  }
  return {
    nodes: [...counts.values()].filter(({ node }) => kept.has(nodeKey(node))).map(({ node }) => node),
    edges: [...pairs.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, MAX_EDGES_PER_DOCUMENT)
      .map(({ edge }) => edge),
  };
}
