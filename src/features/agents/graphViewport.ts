/**
 * The graph view's geometry, pure: what the view shows when it opens or is fitted, zooming about a
 * point, centring on a node, and which nodes a search finds. A viewport is React Flow's: a point p of
 * the graph is drawn on screen at p × zoom + (x, y). Node positions are their boxes' top-left corners,
 * as graphLayout.ts gives them.
 */
import { NODE_HEIGHT_PX, NODE_WIDTH_PX, type Point } from './graphLayout';

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds extends Point, Size {}

export interface ZoomRange {
  min: number;
  max: number;
}

/** SPEC.md §9: the flow diagram's zoom range. */
export const GRAPH_ZOOM_RANGE: ZoomRange = { min: 0.5, max: 2 };

/** Node and edge labels at zoom 1. */
export const LABEL_FONT_PX = 12;
/** No label is drawn smaller than this on screen, whatever the zoom. */
export const MIN_LABEL_PX = 11;
/** The smallest zoom at which labels are drawn at their own size and still read MIN_LABEL_PX. */
export const READABLE_ZOOM = MIN_LABEL_PX / LABEL_FONT_PX;
/** Fitting a small graph stops enlarging here, so that two nodes do not fill the screen. */
export const FIT_MAX_ZOOM = 1.25;
/** Screen space kept free around a fitted graph. */
export const FIT_PADDING_PX = 24;
/** One press of zoom in (or out) multiplies (or divides) the zoom by this. */
export const ZOOM_STEP = 1.25;
/** A node found by search is shown at least this large. */
export const FOCUS_ZOOM = 1;

export const clampZoom = (zoom: number, range: ZoomRange = GRAPH_ZOOM_RANGE) =>
  Math.min(range.max, Math.max(range.min, zoom));

/** The centre of the box of a node at `position`. */
export const nodeCentre = (position: Point): Point => ({
  x: position.x + NODE_WIDTH_PX / 2,
  y: position.y + NODE_HEIGHT_PX / 2,
});

/** The box around every node's box, or null when there are no nodes. */
export function boundsOf(positions: readonly Point[]): Bounds | null {
  if (positions.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const { x, y } of positions) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + NODE_WIDTH_PX);
    bottom = Math.max(bottom, y + NODE_HEIGHT_PX);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The viewport that shows the graph point `centre` in the middle of a screen of `size`. */
export const centredOn = (centre: Point, zoom: number, size: Size): Viewport => ({
  x: size.width / 2 - centre.x * zoom,
  y: size.height / 2 - centre.y * zoom,
  zoom,
});

/** The largest zoom at which `bounds` fits a screen of `size` with `paddingPx` free on every side. */
export function zoomToFit(bounds: Size, size: Size, paddingPx = FIT_PADDING_PX): number {
  const width = Math.max(size.width - 2 * paddingPx, 1);
  const height = Math.max(size.height - 2 * paddingPx, 1);
  return Math.min(width / Math.max(bounds.width, 1), height / Math.max(bounds.height, 1));
}

/** `viewport` at a new zoom (clamped to `range`), with the graph point under the screen `point` kept there. */
export function zoomAround(viewport: Viewport, zoom: number, point: Point, range = GRAPH_ZOOM_RANGE): Viewport {
  const next = clampZoom(zoom, range);
  const graphX = (point.x - viewport.x) / viewport.zoom;
  const graphY = (point.y - viewport.y) / viewport.zoom;
  return { x: point.x - graphX * next, y: point.y - graphY * next, zoom: next };
}

/**
 * Where to centre a window of `window` (graph units) so that it holds the most of `points`: each point
 * is tried as the window's centre, and the points it holds are then centred. Among equally full
 * windows the one nearest the middle of all points wins, so the choice is stable and central.
 */
export function densestCentre(points: readonly Point[], window: Size): Point {
  const middle = {
    x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
    y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
  };
  let best = { count: -1, distance: Infinity, centre: middle };
  for (const candidate of points) {
    let count = 0;
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const point of points) {
      if (Math.abs(point.x - candidate.x) > window.width / 2 || Math.abs(point.y - candidate.y) > window.height / 2) {
        continue;
      }
      count++;
      left = Math.min(left, point.x);
      top = Math.min(top, point.y);
      right = Math.max(right, point.x);
      bottom = Math.max(bottom, point.y);
    }
    // The held points span at most the window, so centring on them keeps every one of them inside.
    const centre = { x: (left + right) / 2, y: (top + bottom) / 2 };
    const distance = Math.hypot(centre.x - middle.x, centre.y - middle.y);
    if (count > best.count || (count === best.count && distance < best.distance)) best = { count, distance, centre };
  }
  return best.centre;
}

/**
 * What the view shows on opening and on "Fit to view": the whole graph, centred, when it fits at a
 * zoom where labels stay readable (at most FIT_MAX_ZOOM); otherwise, at READABLE_ZOOM, the part of
 * the graph with the most nodes, and the owner pans to the rest.
 */
export function readableFit(positions: readonly Point[], size: Size, range = GRAPH_ZOOM_RANGE): Viewport {
  const bounds = boundsOf(positions);
  if (!bounds) return { x: 0, y: 0, zoom: 1 };
  const fitting = Math.min(zoomToFit(bounds, size), FIT_MAX_ZOOM);
  const readable = clampZoom(READABLE_ZOOM, range);
  if (fitting >= readable) {
    return centredOn(
      { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 },
      clampZoom(fitting, range),
      size,
    );
  }
  // Node centres that lie in this window have their whole box on screen.
  const window = {
    width: Math.max((size.width - 2 * FIT_PADDING_PX) / readable - NODE_WIDTH_PX, 0),
    height: Math.max((size.height - 2 * FIT_PADDING_PX) / readable - NODE_HEIGHT_PX, 0),
  };
  return centredOn(densestCentre(positions.map(nodeCentre), window), readable, size);
}

/**
 * How much larger than LABEL_FONT_PX labels are drawn at `zoom`: below READABLE_ZOOM they grow so
 * that on screen they never fall under MIN_LABEL_PX (SPEC's zoom range still reaches 0.5).
 */
export const labelScale = (zoom: number) => Math.max(1, READABLE_ZOOM / zoom);

/** Lower case without accents, so that "cafe" finds "Café". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The nodes whose label contains `query` (ignoring case, accents and the spaces around it), those
 * whose label starts with it first, each group in the graph's order. An empty query finds none.
 */
export function matchNodes<T extends { label: string }>(nodes: readonly T[], query: string): T[] {
  const wanted = folded(query.trim());
  if (wanted === '') return [];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const node of nodes) {
    const label = folded(node.label);
    if (label.startsWith(wanted)) starting.push(node);
    else if (label.includes(wanted)) containing.push(node);
  }
  return [...starting, ...containing];
}
