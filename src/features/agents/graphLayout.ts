/**
 * A deterministic force-directed layout for the agent's knowledge graph (DESIGN.md §4.3: a real
 * layout, not random positions). Connected nodes start near each other (breadth-first order on a
 * sunflower spiral), springs pull them together, every pair repels (through a grid, so 500 nodes stay
 * fast), and a last pass pushes apart any boxes that still overlap. The same graph always gets the
 * same positions: nothing here is random.
 */

export interface LayoutNode {
  id: string;
}

export interface LayoutEdge {
  source: string;
  target: string;
}

export interface Point {
  x: number;
  y: number;
}

/** The box every node is drawn in; the graph view clips longer labels to it. */
export const NODE_WIDTH_PX = 160;
export const NODE_HEIGHT_PX = 44;
/** Free space kept between two boxes. */
export const NODE_GAP_PX = 16;

const IDEAL_EDGE_PX = 220;
const ITERATIONS = 80;
const GRAVITY = 0.005;
const OVERLAP_PASSES = 400;
const SPREAD_FACTOR = 1.01;
const SPREAD_AFTER_PASSES = 10;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** Breadth-first order from each component's best-connected node, components largest first. */
function breadthFirstOrder(count: number, neighbours: number[][]): number[] {
  const seen = new Array<boolean>(count).fill(false);
  const byDegree = [...Array(count).keys()].sort((a, b) => neighbours[b].length - neighbours[a].length || a - b);
  const components: number[][] = [];
  for (const start of byDegree) {
    if (seen[start]) continue;
    const component = [start];
    seen[start] = true;
    for (let head = 0; head < component.length; head++) {
      for (const next of neighbours[component[head]]) {
        if (!seen[next]) {
          seen[next] = true;
          component.push(next);
        }
      }
    }
    components.push(component);
  }
  components.sort((a, b) => b.length - a.length);
  return components.flat();
}

/** One number per grid cell; layouts stay far inside ±2^20 cells. */
const cellKey = (cx: number, cy: number) => cx * 2 ** 21 + cy;

/** Pairs of node indices closer than `reach`, found through a grid of `reach`-sized cells. */
function forEachNearbyPair(xs: Float64Array, ys: Float64Array, reach: number, visit: (i: number, j: number) => void) {
  const cells = new Map<number, number[]>();
  const cellOf = (value: number) => Math.floor(value / reach);
  for (let i = 0; i < xs.length; i++) {
    const key = cellKey(cellOf(xs[i]), cellOf(ys[i]));
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  }
  for (let i = 0; i < xs.length; i++) {
    const cx = cellOf(xs[i]);
    const cy = cellOf(ys[i]);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of cells.get(cellKey(cx + dx, cy + dy)) ?? []) {
          if (j > i) visit(i, j);
        }
      }
    }
  }
}

/** Pushes apart boxes that overlap (with the gap), along the axis where they overlap least. */
function separateBoxes(xs: Float64Array, ys: Float64Array): boolean {
  const minDx = NODE_WIDTH_PX + NODE_GAP_PX;
  const minDy = NODE_HEIGHT_PX + NODE_GAP_PX;
  for (let pass = 0; pass < OVERLAP_PASSES; pass++) {
    let moved = false;
    forEachNearbyPair(xs, ys, minDx, (i, j) => {
      const dx = xs[j] - xs[i];
      const dy = ys[j] - ys[i];
      const overlapX = minDx - Math.abs(dx);
      const overlapY = minDy - Math.abs(dy);
      if (overlapX <= 0 || overlapY <= 0) return;
      moved = true;
      // Ties (identical centres) break by index, so the result stays deterministic.
      if (overlapY <= overlapX) {
        const push = overlapY / 2 + 0.5;
        const sign = dy > 0 || (dy === 0 && j > i) ? 1 : -1;
        ys[i] -= sign * push;
        ys[j] += sign * push;
      } else {
        const push = overlapX / 2 + 0.5;
        const sign = dx > 0 || (dx === 0 && j > i) ? 1 : -1;
        xs[i] -= sign * push;
        xs[j] += sign * push;
      }
    });
    if (!moved) return true;
    // A crowded spot can push boxes back and forth for ever: spreading everything a little ends it.
    if (pass < SPREAD_AFTER_PASSES) continue;
    for (let i = 0; i < xs.length; i++) {
      xs[i] *= SPREAD_FACTOR;
      ys[i] *= SPREAD_FACTOR;
    }
  }
  return false;
}

/** The distinct links between known nodes, by index, and each node's neighbours. */
function linksOf(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]) {
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const neighbours: number[][] = nodes.map(() => []);
  const links: [number, number][] = [];
  const linked = new Set<string>();
  for (const edge of edges) {
    const a = indexOf.get(edge.source);
    const b = indexOf.get(edge.target);
    if (a === undefined || b === undefined || a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (linked.has(key)) continue;
    linked.add(key);
    links.push([a, b]);
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  return { links, neighbours };
}

/** Where the nodes start: on a golden-angle spiral in breadth-first order, so linked ones start close. */
function spiralStart(count: number, neighbours: number[][]) {
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  breadthFirstOrder(count, neighbours).forEach((node, rank) => {
    const radius = IDEAL_EDGE_PX * 0.6 * Math.sqrt(rank);
    xs[node] = radius * Math.cos(rank * GOLDEN_ANGLE);
    ys[node] = radius * Math.sin(rank * GOLDEN_ANGLE);
  });
  return { xs, ys };
}

/**
 * The force-directed passes (in place): nearby nodes push apart, linked ones pull together, gravity
 * keeps the whole near the centre, and each step is capped by a cooling temperature.
 */
function relax(xs: Float64Array, ys: Float64Array, links: readonly [number, number][]) {
  const count = xs.length;
  const k = IDEAL_EDGE_PX;
  const reach = 1.5 * k;
  const fx = new Float64Array(count);
  const fy = new Float64Array(count);
  let temperature = k;
  for (let iteration = 0; iteration < ITERATIONS && count > 1; iteration++) {
    fx.fill(0);
    fy.fill(0);
    forEachNearbyPair(xs, ys, reach, (i, j) => {
      const dx = xs[i] - xs[j];
      const dy = ys[i] - ys[j];
      const distance = Math.max(Math.hypot(dx, dy), 1);
      if (distance >= reach) return;
      const force = (k * k) / distance;
      fx[i] += (dx / distance) * force;
      fy[i] += (dy / distance) * force;
      fx[j] -= (dx / distance) * force;
      fy[j] -= (dy / distance) * force;
    });
    for (const [a, b] of links) {
      const dx = xs[a] - xs[b];
      const dy = ys[a] - ys[b];
      const distance = Math.max(Math.hypot(dx, dy), 1);
      const force = (distance * distance) / k;
      fx[a] -= (dx / distance) * force;
      fy[a] -= (dy / distance) * force;
      fx[b] += (dx / distance) * force;
      fy[b] += (dy / distance) * force;
    }
    for (let i = 0; i < count; i++) {
      fx[i] -= GRAVITY * k * (xs[i] / k);
      fy[i] -= GRAVITY * k * (ys[i] / k);
      const length = Math.hypot(fx[i], fy[i]);
      if (length === 0) continue;
      const step = Math.min(length, temperature);
      xs[i] += (fx[i] / length) * step;
      ys[i] += (fy[i] / length) * step;
    }
    temperature = Math.max(temperature * 0.94, 2);
  }
}

/**
 * Top-left positions for every node, keyed by id. Edges whose ends are unknown are ignored; several
 * edges between the same two nodes pull like one.
 */
export function layoutGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const { links, neighbours } = linksOf(nodes, edges);
  const { xs, ys } = spiralStart(nodes.length, neighbours);
  relax(xs, ys, links);
  separateBoxes(xs, ys);

  const positions = new Map<string, Point>();
  nodes.forEach((node, i) => {
    positions.set(node.id, { x: Math.round(xs[i] - NODE_WIDTH_PX / 2), y: Math.round(ys[i] - NODE_HEIGHT_PX / 2) });
  });
  return positions;
}
