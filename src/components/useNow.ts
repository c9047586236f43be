import { useEffect, useState } from 'react';

/** The time, refreshed every `intervalMs`, so that relative times ('5m ago') move on by themselves. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
