import { observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * The size a scroll area is taken to have while it has no layout: jsdom lays nothing out, and neither
 * does a browser for a hidden pane. A few rows then exist in the DOM, and the first real measurement
 * replaces it.
 */
export const NO_LAYOUT_RECT: Rect = { width: 400, height: 800 };

/** react-virtual's own observer, except that a 0×0 measurement (no layout) reads as NO_LAYOUT_RECT. */
export function observeRectOrFallback<T extends Element>(
  instance: Virtualizer<T, Element>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  return observeElementRect(instance, (rect) => cb(rect.width === 0 && rect.height === 0 ? NO_LAYOUT_RECT : rect));
}
