import {
  TEMPLATE_LANGUAGES,
  TEMPLATE_REJECTIONS,
  templateLanguageFor,
  templateLanguageName,
  templateRejection,
} from '../../../contract';

describe("Meta's template rejections in plain words", () => {
  it.each([
    'INVALID_FORMAT',
    'ABUSIVE_CONTENT',
    'TAG_CONTENT_MISMATCH',
    'INCORRECT_CATEGORY',
    'PROMOTIONAL',
    'SCAM',
    'NONE',
  ])('says what %s means and what to change, without the code', (code) => {
    const rejection = templateRejection(code);
    expect(rejection).toBe(TEMPLATE_REJECTIONS[code]);
    expect(rejection.problem).not.toContain(code);
    expect(rejection.change.length).toBeGreaterThan(20);
  });

  it('tells to check the variables for INVALID_FORMAT', () => {
    expect(templateRejection('INVALID_FORMAT').change).toMatch(/variables/);
  });

  it('reads a code in any case, and a missing one as NONE', () => {
    expect(templateRejection('scam')).toBe(TEMPLATE_REJECTIONS.SCAM);
    expect(templateRejection(null)).toBe(TEMPLATE_REJECTIONS.NONE);
  });

  it('names an unknown code in a general sentence', () => {
    const rejection = templateRejection('NEW_POLICY_X');
    expect(rejection.problem).toBe('WhatsApp rejected the template (reason: NEW_POLICY_X).');
    expect(rejection.change).toMatch(/guidelines/);
  });
});

describe('template languages', () => {
  it('lists each code once, with a name', () => {
    const codes = TEMPLATE_LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['en_US', 'en_GB', 'de', 'pt_BR', 'es_MX', 'zh_CN']));
    expect(templateLanguageName('pt_BR')).toBe('Portuguese (Brazil)');
    expect(templateLanguageName('xx')).toBe('xx');
  });

  it("picks the browser's language: with its region, else alone, else en_US", () => {
    expect(templateLanguageFor('en-GB')).toBe('en_GB');
    expect(templateLanguageFor('de-AT')).toBe('de');
    expect(templateLanguageFor('pt-BR')).toBe('pt_BR');
    expect(templateLanguageFor('tlh')).toBe('en_US');
    expect(templateLanguageFor(undefined)).toBe('en_US');
  });
});
