/**
 * A count with its noun in the right number: `countOf(1, 'chunk')` → '1 chunk', `countOf(3, 'chunk')` → '3 chunks'.
 * English picks the form through Intl.PluralRules, so 0 and 1.5 read 'chunks' as people write them.
 */
const englishPlurals = new Intl.PluralRules('en-US');

/** The noun alone, 'one' or 'other' form for `count`; `other` defaults to `one` + 's'. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return englishPlurals.select(count) === 'one' ? one : other;
}

/** The count and its noun: '1 chunk', '12 chunks', '1,024 messages' (grouped as the rest of the app). */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${plural(count, one, other)}`;
}
