import type {
  ActivityItem,
  ActivityList,
  AnalyticsSummary,
  CostReport,
  DashboardSummary,
  RateCard,
  RateCardBody,
  Timeseries,
} from '../../contract';
import { API_BASE_URL } from '../config';
import { readError, request } from './client';

export type {
  ActivityItem,
  ActivityList,
  AnalyticsSummary,
  CostReport,
  DashboardSummary,
  RateCard,
  RateCardBody,
  Timeseries,
};

export type AnalyticsInterval = Timeseries['interval'];

interface AnalyticsRange {
  from: string;
  to: string;
  tz: string;
}

export type ExportFormat = 'csv' | 'json';

interface ExportQuery {
  format: ExportFormat;
  from: string;
  to: string;
  tz: string;
}

/** A downloaded file: its content and the name the server gave it. */
interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

/** The file name of a Content-Disposition header, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]) : fallback;
}

async function exportMessages(token: string, { format, from, to, tz }: ExportQuery): Promise<DownloadedFile> {
  const response = await fetch(`${API_BASE_URL}/messages/export?${query({ format, from, to, tz })}`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await readError(response, { reading: 'messaging' });
  const blob = await response.blob();
  const fallback = `threadline-messages-${from.slice(0, 10)}-${to.slice(0, 10)}.${format}`;
  return { blob, filename: fileNameOf(response.headers.get('content-disposition'), fallback) };
}

/** One function per insight endpoint; every one needs the owner's token. */
export const insightsApi = {
  dashboardSummary: (token: string, tz: string) =>
    request<DashboardSummary>(`/dashboard/summary?${query({ tz })}`, { token, reading: 'messaging' }),
  dashboardActivity: (token: string, limit: number) =>
    request<ActivityList>(`/dashboard/activity?${query({ limit })}`, { token, reading: 'messaging' }),
  analyticsSummary: (token: string, range: AnalyticsRange) =>
    request<AnalyticsSummary>(`/analytics/summary?${query({ ...range })}`, { token, reading: 'messaging' }),
  analyticsTimeseries: (token: string, range: AnalyticsRange, interval: AnalyticsInterval) =>
    request<Timeseries>(`/analytics/timeseries?${query({ ...range, interval })}`, {
      token,
      reading: 'messaging',
    }),
  exportMessages,
  monthCosts: (token: string, month: string, tz: string) =>
    request<CostReport>(`/analytics/costs?${query({ month, tz })}`, { token, reading: 'messaging' }),
  rateCard: (token: string) => request<RateCard>('/analytics/rate-card', { token, reading: 'messaging' }),
  saveRateCard: (token: string, body: RateCardBody) =>
    request<RateCard>('/analytics/rate-card', { token, method: 'PUT', json: body, reading: 'messaging' }),
};

/** The browser's IANA time zone, sent with every insight request. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
