import type { MouseEvent } from 'react';
import type { LandingViewProps } from './types';

/**
 * A link's props that open `to` in this tab through `navigate`: the landing page runs without the
 * router (src/main.tsx), so its links are plain anchors whose ordinary clicks stay in the app.
 */
export function appLink(to: string, navigate: LandingViewProps['navigate']) {
  return {
    href: to,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
