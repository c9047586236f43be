/**
 * The colour of each entity type in the graph and its legend. Labels are white on these in both
 * themes, so every colour is dark enough for WCAG AA's 4.5:1 against white (the shades 700–900 of
 * Material's hues; tests/web/features/agents/graphPalette.test.ts checks each).
 */

/** Text on every type colour. */
export const TYPE_TEXT_COLOUR = '#ffffff';

export const KNOWN_TYPE_COLOURS: Readonly<Record<string, string>> = {
  product: '#1565c0',
  person: '#8e24aa',
  customer: '#ad1457',
  organization: '#2e7d32',
  place: '#bf360c',
  topic: '#00695c',
};

export const OTHER_TYPE_COLOURS: readonly string[] = ['#5e35b1', '#6d4c41', '#546e7a', '#827717', '#3949ab', '#9e5d00'];

/** The same type always gets the same colour, known types a fixed one. */
export function colourOfType(type: string): string {
  const known = KNOWN_TYPE_COLOURS[type.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const character of type) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return OTHER_TYPE_COLOURS[hash % OTHER_TYPE_COLOURS.length];
}
