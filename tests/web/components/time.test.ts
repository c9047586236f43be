import { conversationName } from '../../../src/components/conversationName';
import { replyPreview } from '../../../src/features/inbox/format';
import { listTime, messageTime } from '../../../src/components/time';

const NOW = new Date('2026-11-22T12:00:00.000Z').getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('the two time readings (SPEC.md §9)', () => {
  it.each([
    ['59 s', 'Just now', 'Just now', 59 * SECOND],
    ['60 s', '1m', '1m ago', 60 * SECOND],
    ['59 min', '59m', '59m ago', 59 * MINUTE],
    ['60 min', '1h', '1h ago', 60 * MINUTE],
    ['23 h', '23h', '23h ago', 23 * HOUR],
    ['24 h', '1d', '1d ago', 24 * HOUR],
    ['6 d', '6d', '6d ago', 6 * DAY],
  ])('reads %s ago as %p in the list and %p in a message', (_label, list, message, elapsed) => {
    expect(listTime(before(elapsed), NOW)).toBe(list);
    expect(messageTime(before(elapsed), NOW)).toBe(message);
  });

  it('reads 7 days ago as a short date in the list and a short date with time in a message', () => {
    const sevenDaysAgo = new Date(NOW - 7 * DAY);
    const monthDay = sevenDaysAgo.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
    expect(monthDay).toMatch(/^Nov 1[45]$/);
    expect(listTime(sevenDaysAgo.toISOString(), NOW)).toBe(monthDay);
    expect(messageTime(sevenDaysAgo.toISOString(), NOW)).toMatch(new RegExp(`^${monthDay}, \\d{1,2}:\\d{2}\\s[AP]M$`));
  });

  it('reads a time a little in the future (a clock ahead of ours) as Just now', () => {
    expect(listTime(new Date(NOW + 5 * SECOND).toISOString(), NOW)).toBe('Just now');
    expect(messageTime(new Date(NOW + 5 * SECOND).toISOString(), NOW)).toBe('Just now');
  });
});

describe('conversation names (SPEC.md §3)', () => {
  it("shows '+' and the number when the name is the id", () => {
    expect(conversationName({ id: '15550100@c.us', name: '15550100@c.us' })).toBe('+15550100');
  });

  it('shows the profile name when there is one', () => {
    expect(conversationName({ id: '15550100@c.us', name: 'Grace Hopper' })).toBe('Grace Hopper');
  });
});

describe('the reply preview (SPEC.md §2)', () => {
  it("shows 'Replying to: ', the first 50 characters and '...'", () => {
    const long = 'a'.repeat(50) + 'TAIL';
    expect(replyPreview(long)).toBe(`Replying to: ${'a'.repeat(50)}...`);
  });

  it("adds '...' to a short target too", () => {
    expect(replyPreview('Hi')).toBe('Replying to: Hi...');
  });
});
