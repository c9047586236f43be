/** How config.ts and its parts (push-config.ts) read an environment variable. */

/** The variable's value trimmed, or undefined when it is unset or blank. */
export function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
