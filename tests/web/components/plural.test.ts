import { countOf, plural } from '../../../contract/plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'chunk')).toBe('chunk');
    expect(plural(0, 'chunk')).toBe('chunks');
    expect(plural(2, 'chunk')).toBe('chunks');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'person', 'people')).toBe('person');
    expect(plural(4, 'person', 'people')).toBe('people');
  });
});

describe('countOf', () => {
  it("reads '1 chunk', never '1 chunks'", () => {
    expect(countOf(1, 'chunk')).toBe('1 chunk');
    expect(countOf(12, 'chunk')).toBe('12 chunks');
  });

  it('groups large counts', () => {
    expect(countOf(1024, 'message')).toBe('1,024 messages');
  });
});
