import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * ASVS 6.2.4: a new password must not be one that attackers try first. The list is zxcvbn-ts's
 * common-password dictionary (about 49,000 lowercase entries, ranked by how often they appear in a
 * ten-million-password leak corpus), shipped as a pinned package and loaded by the server only.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/**
 * zxcvbn-ts leaves out of that list what its own pattern matchers guess anyway, so these shapes are
 * refused here: one unit of up to four characters repeated ('00000000', '12121212', 'abcdabcd') and a
 * straight run of characters ('abcdefgh', '87654321').
 */
const REPEATED_UNIT = /^(.{1,4})\1+$/su;

function isStraightRun(text: string): boolean {
  const codes = Array.from(text, (character) => character.codePointAt(0) ?? 0);
  if (codes.length < 2) return false;
  const step = codes[1] - codes[0];
  return (step === 1 || step === -1) && codes.every((code, i) => i === 0 || code - codes[i - 1] === step);
}

/** Case and surrounding spaces do not make a common password any harder to guess. */
export function isCommonPassword(password: string): boolean {
  const candidate = password.trim().toLowerCase();
  return COMMON_PASSWORDS.has(candidate) || REPEATED_UNIT.test(candidate) || isStraightRun(candidate);
}
