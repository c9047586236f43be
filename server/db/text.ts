/**
 * What PostgreSQL's text and jsonb cannot hold: a NUL character, or half of a UTF-16 surrogate pair
 * (JSON can escape either, `\u0000`, `\uD800`). Stored as they are, they fail the statement.
 */
export const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `text` with U+FFFD in place of what the database cannot hold. */
export function storable(text: string): string {
  return text.replace(new RegExp(UNSTORABLE.source, 'g'), '\ufffd');
}
