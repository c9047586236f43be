import { isCommonPassword } from '../../../server/services/accounts/common-passwords';

describe('isCommonPassword', () => {
  it.each(['123456', 'password', '12345678', 'qwerty123', 'iloveyou', 'letmein1', 'passw0rd'])(
    'finds %j in the shipped list',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('ignores case and surrounding spaces', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('  Password1 ')).toBe(true);
  });

  it.each(['00000000', 'aaaaaaaaaa', '12121212', 'abcdabcd', 'abcdefgh', '87654321', 'HGFEDCBA'])(
    'refuses the repeated or sequential %j that the list leaves to patterns',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery', 'a brand new passphrase', 'analytical-engine', 'abcdefgz', '98765430'])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
