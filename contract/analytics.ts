import { Type, type Static, type TSchema } from 'typebox';

/**
 * Dashboard, analytics and export (DESIGN.md §12): every figure is computed from the
 * owner's messages, conversations and hand-overs; nothing is hard-coded.
 */

export const ANALYTICS_LIMITS = {
  /** The longest range /analytics and /messages/export take. */
  maxRangeDays: 366,
  /** Recent-activity items unless `limit` says otherwise. */
  defaultActivity: 10,
  maxActivity: 50,
  /** Rows of the top-customers and unanswered-questions lists. */
  topCustomers: 10,
  unansweredQuestions: 50,
} as const;

export const ANALYTICS_ERRORS = {
  badTimeZone: 'tz must be an IANA time zone name, such as Europe/Paris.',
  badDate: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time.',
  fromAfterTo: 'from must not be after to.',
  rangeTooLong: `The range must not be longer than ${ANALYTICS_LIMITS.maxRangeDays} days.`,
} as const;

/** An IANA time zone name; the server checks it against PostgreSQL's list (bad → 422 field 'tz'). */
const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_+\\-/]+$',
  description: 'The owner’s IANA time zone (the browser’s), e.g. Europe/Paris; UTC when absent',
});

/** A day (YYYY-MM-DD, in `tz`) or an ISO 8601 date-time. A `to` day is included whole. */
const RangeBound = (description: string) => Type.String({ minLength: 10, maxLength: 40, description });

/** A figure for a window and the same figure for the window before it (the card's change). */
const Compared = <T extends TSchema>(value: T) =>
  Type.Object({ current: Type.Union([value, Type.Null()]), previous: Type.Union([value, Type.Null()]) });

export const DashboardQuery = Type.Object({ tz: Type.Optional(TimeZone) });
export type DashboardQuery = Static<typeof DashboardQuery>;

/**
 * GET /dashboard/summary: the four cards for the last 24 hours (`current`) and the 24 hours before
 * (`previous`). A rate is 0…1 and null without customer messages; a time is in seconds and null
 * without an answered customer message. `connected` false: the SPA shows 0 / 'N/A' (SPEC.md §2).
 */
export const DashboardSummary = Type.Object({
  connected: Type.Boolean(),
  window_start: Type.String({ format: 'date-time' }),
  window_end: Type.String({ format: 'date-time' }),
  messages: Compared(Type.Integer({ minimum: 0 })),
  ai_response_rate: Compared(Type.Number({ minimum: 0, maximum: 1 })),
  active_conversations: Compared(Type.Integer({ minimum: 0 })),
  avg_first_response_seconds: Compared(Type.Number({ minimum: 0 })),
});
export type DashboardSummary = Static<typeof DashboardSummary>;

export const ActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_LIMITS.maxActivity })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityKind = Type.Union([
  Type.Literal('ai_replied'),
  Type.Literal('human_replied'),
  Type.Literal('handover'),
  Type.Literal('new_conversation'),
  Type.Literal('connected'),
  Type.Literal('connection_lost'),
  Type.Literal('disconnected'),
]);
export type ActivityKind = Static<typeof ActivityKind>;

export const ActivityItem = Type.Object({
  id: Type.String(),
  kind: ActivityKind,
  badge: Type.Union([Type.Literal('AI'), Type.Literal('Human'), Type.Literal('Info')]),
  text: Type.String(),
  /** `<phone>@c.us` or `<BSUID>@bsuid`, the conversation to open; null for connection changes. */
  conversation_id: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type ActivityItem = Static<typeof ActivityItem>;
export const ActivityList = Type.Array(ActivityItem);
export type ActivityList = Static<typeof ActivityList>;

export const AnalyticsQuery = Type.Object({
  from: RangeBound('Start: a day (its midnight in tz) or a date-time'),
  to: RangeBound('End: a day (included whole) or a date-time (excluded)'),
  tz: Type.Optional(TimeZone),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const TimeseriesQuery = Type.Object({
  from: RangeBound('Start: a day (its midnight in tz) or a date-time'),
  to: RangeBound('End: a day (included whole) or a date-time (excluded)'),
  interval: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')], { default: 'day' })),
  tz: Type.Optional(TimeZone),
});
export type TimeseriesQuery = Static<typeof TimeseriesQuery>;

const Seconds = Type.Union([Type.Number({ minimum: 0 }), Type.Null()]);
const ResponseTimes = Type.Object({
  /** Customer messages this kind of sender answered first. */
  count: Type.Integer({ minimum: 0 }),
  median_seconds: Seconds,
  p90_seconds: Seconds,
});

export const AnalyticsSummary = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  tz: Type.String(),
  /** Conversations with a message in the range; `new_conversations` started in it. */
  conversations: Type.Integer({ minimum: 0 }),
  new_conversations: Type.Integer({ minimum: 0 }),
  messages: Type.Object({
    customer: Type.Integer({ minimum: 0 }),
    ai: Type.Integer({ minimum: 0 }),
    human: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  /** Customer messages the AI answered ÷ customer messages (null without any). */
  ai_answered: Type.Integer({ minimum: 0 }),
  ai_response_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  first_response: Type.Object({ ai: ResponseTimes, human: ResponseTimes }),
  handovers: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    by_reason: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer({ minimum: 1 }) })),
  }),
  /** Conversations with a customer message in the range answered only by the AI ÷ those conversations. */
  ai_resolved_conversations: Type.Integer({ minimum: 0 }),
  ai_resolution_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  /** Customer messages by local day of week (0 = Sunday) and hour; only the cells with messages. */
  busiest_hours: Type.Array(
    Type.Object({
      dow: Type.Integer({ minimum: 0, maximum: 6 }),
      hour: Type.Integer({ minimum: 0, maximum: 23 }),
      messages: Type.Integer({ minimum: 1 }),
    }),
  ),
  top_customers: Type.Array(
    Type.Object({
      conversation_id: Type.String(),
      name: Type.String(),
      number: Type.String(),
      messages: Type.Integer({ minimum: 1 }),
    }),
  ),
  /** Hand-overs for lack of knowledge, with the customer's message that caused them: what to add to the documents. */
  unanswered_questions: Type.Array(
    Type.Object({
      escalation_id: Type.Integer(),
      conversation_id: Type.String(),
      name: Type.String(),
      question: Type.Union([Type.String(), Type.Null()]),
      at: Type.String({ format: 'date-time' }),
      resolved: Type.Boolean(),
    }),
  ),
});
export type AnalyticsSummary = Static<typeof AnalyticsSummary>;

export const TimeseriesPoint = Type.Object({
  /** The bucket's start as an instant, and as the owner's local day or hour ('2026-11-01', '2026-11-01T13:00'). */
  start: Type.String({ format: 'date-time' }),
  label: Type.String(),
  conversations: Type.Integer({ minimum: 0 }),
  new_conversations: Type.Integer({ minimum: 0 }),
  customer_messages: Type.Integer({ minimum: 0 }),
  ai_messages: Type.Integer({ minimum: 0 }),
  human_messages: Type.Integer({ minimum: 0 }),
  ai_response_rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  handovers: Type.Integer({ minimum: 0 }),
});
export type TimeseriesPoint = Static<typeof TimeseriesPoint>;

export const Timeseries = Type.Object({
  interval: Type.Union([Type.Literal('day'), Type.Literal('hour')]),
  tz: Type.String(),
  points: Type.Array(TimeseriesPoint),
});
export type Timeseries = Static<typeof Timeseries>;

export const ExportQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json')], { default: 'csv' })),
  from: Type.Optional(RangeBound('Start: a day (its midnight in tz) or a date-time; absent = the first message')),
  to: Type.Optional(RangeBound('End: a day (included whole) or a date-time; absent = now')),
  tz: Type.Optional(TimeZone),
});
export type ExportQuery = Static<typeof ExportQuery>;

/** One exported message (a JSON array element; the CSV has the same columns in this order). */
export const ExportRow = Type.Object({
  conversation: Type.String(),
  customer_name: Type.Union([Type.String(), Type.Null()]),
  customer_number: Type.String(),
  time: Type.String({ format: 'date-time' }),
  direction: Type.String(),
  sender: Type.String(),
  text: Type.String(),
  status: Type.String(),
});
export type ExportRow = Static<typeof ExportRow>;
export const EXPORT_COLUMNS = [
  'conversation',
  'customer_name',
  'customer_number',
  'time',
  'direction',
  'sender',
  'text',
  'status',
] as const satisfies readonly (keyof ExportRow)[];
