import { resumedReason } from '../../../server/services/inbox/ownership';

describe('resumedReason', () => {
  it("says '1 minute', never '1 minutes'", () => {
    expect(resumedReason(1)).toBe('The AI answers again: you had not written for 1 minute.');
    expect(resumedReason(30)).toBe('The AI answers again: you had not written for 30 minutes.');
  });
});
