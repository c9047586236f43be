import type { ActivityItem, AnalyticsSummary, DashboardSummary, Timeseries } from '../../contract';

export function aDashboardSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    connected: true,
    window_start: '2026-11-21T07:00:00.000Z',
    window_end: '2026-11-22T07:00:00.000Z',
    messages: { current: 56, previous: 50 },
    ai_response_rate: { current: 0.8, previous: 0.75 },
    active_conversations: { current: 9, previous: 12 },
    avg_first_response_seconds: { current: 95, previous: 120 },
    ...overrides,
  };
}

export const ACTIVITY: ActivityItem[] = [
  {
    id: 'a1',
    kind: 'ai_replied',
    badge: 'AI',
    text: 'The AI answered Grace',
    conversation_id: '4915100000001@c.us',
    at: '2026-11-22T06:50:00.000Z',
  },
  {
    id: 'a2',
    kind: 'human_replied',
    badge: 'Human',
    text: 'You answered Alan',
    conversation_id: '4915100000002@c.us',
    at: '2026-11-22T06:40:00.000Z',
  },
  {
    id: 'a3',
    kind: 'connected',
    badge: 'Info',
    text: 'WhatsApp connected',
    conversation_id: null,
    at: '2026-11-22T06:00:00.000Z',
  },
];

export function anAnalyticsSummary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    from: '2026-11-16T00:00:00.000Z',
    to: '2026-11-23T00:00:00.000Z',
    tz: 'UTC',
    conversations: 4,
    new_conversations: 2,
    messages: { customer: 10, ai: 7, human: 2, total: 19 },
    ai_answered: 7,
    ai_response_rate: 0.7,
    first_response: {
      ai: { count: 7, median_seconds: 4, p90_seconds: 9 },
      human: { count: 2, median_seconds: 300, p90_seconds: 600 },
    },
    handovers: { total: 2, by_reason: [{ kind: 'no_knowledge', count: 2 }] },
    ai_resolved_conversations: 3,
    ai_resolution_rate: 0.75,
    busiest_hours: [{ dow: 1, hour: 9, messages: 6 }],
    top_customers: [{ conversation_id: '4915100000001@c.us', name: 'Grace', number: '+49 151 00000001', messages: 8 }],
    unanswered_questions: [
      {
        escalation_id: 1,
        conversation_id: '4915100000001@c.us',
        name: 'Grace',
        question: 'Do you deliver on Sundays?',
        at: '2026-11-20T10:00:00.000Z',
        resolved: false,
      },
    ],
    ...overrides,
  };
}

export const EMPTY_SUMMARY = anAnalyticsSummary({
  conversations: 0,
  new_conversations: 0,
  messages: { customer: 0, ai: 0, human: 0, total: 0 },
  ai_answered: 0,
  ai_response_rate: null,
  first_response: {
    ai: { count: 0, median_seconds: null, p90_seconds: null },
    human: { count: 0, median_seconds: null, p90_seconds: null },
  },
  handovers: { total: 0, by_reason: [] },
  ai_resolved_conversations: 0,
  ai_resolution_rate: null,
  busiest_hours: [],
  top_customers: [],
  unanswered_questions: [],
});

export function aTimeseries(points = 2): Timeseries {
  return {
    interval: 'day',
    tz: 'UTC',
    points: Array.from({ length: points }, (_, index) => ({
      start: `2026-11-2${index}T00:00:00.000Z`,
      label: `2026-11-2${index}`,
      conversations: 2 + index,
      new_conversations: 1,
      customer_messages: 5,
      ai_messages: 3 + index,
      human_messages: 1,
      ai_response_rate: index === 0 ? 0.6 : null,
      handovers: 1,
    })),
  };
}
