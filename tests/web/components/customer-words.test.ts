import { customerWords, messageInWords, NOTICE_WORDS_MAX_CHARS, trimAtWord } from '../../../contract/customer-words';
import { formatPhone, formatWaId } from '../../../contract/phone-numbers';

describe('messageInWords', () => {
  it('describes media in words, with the caption or name after it', () => {
    expect(messageInWords('[image] the cake I want')).toBe('Photo: the cake I want');
    expect(messageInWords('[audio]')).toBe('Voice message');
    expect(messageInWords('[document] menu.pdf')).toBe('Document: menu.pdf');
    expect(messageInWords('[location] Alexanderplatz')).toBe('Location: Alexanderplatz');
  });

  it('leaves what the customer typed as they typed it, on one line', () => {
    expect(messageInWords('Do you open\non Sundays?')).toBe('Do you open on Sundays?');
    expect(messageInWords('[not a label] really')).toBe('[not a label] really');
  });
});

describe('trimAtWord', () => {
  it('keeps a short text whole and cuts a long one at a word, within the limit', () => {
    expect(trimAtWord('Short question?')).toBe('Short question?');
    const long = `${'word '.repeat(40)}end`;
    const trimmed = trimAtWord(long);
    expect(trimmed.length).toBeLessThanOrEqual(NOTICE_WORDS_MAX_CHARS);
    expect(trimmed).toMatch(/^(word )+word…$/);
  });

  it('cuts inside a word only when one word is longer than the limit', () => {
    expect(trimAtWord('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('does both for a notice', () => {
    expect(customerWords('[video]')).toBe('Video');
    expect(customerWords('')).toBe('');
  });
});

describe('formatPhone', () => {
  it('writes a number in the international format people read', () => {
    expect(formatPhone('+15550894823')).toBe('+1 555 089 4823');
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
  });

  it('leaves what it cannot read as it came', () => {
    expect(formatPhone('not a number')).toBe('not a number');
    expect(formatPhone('+15550100')).toBe('+15550100');
  });
});

describe('formatWaId', () => {
  it('formats a WhatsApp id that is a number, and leaves a BSUID as it came', () => {
    expect(formatWaId('15550894823')).toBe('+1 555 089 4823');
    expect(formatWaId('US.13491208655302741918')).toBe('US.13491208655302741918');
  });
});
