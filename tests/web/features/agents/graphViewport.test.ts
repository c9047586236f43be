import { layoutGraph, NODE_HEIGHT_PX, NODE_WIDTH_PX, type Point } from '../../../../src/features/agents/graphLayout';
import {
  boundsOf,
  centredOn,
  clampZoom,
  densestCentre,
  FIT_MAX_ZOOM,
  FIT_PADDING_PX,
  GRAPH_ZOOM_RANGE,
  LABEL_FONT_PX,
  labelScale,
  matchNodes,
  MIN_LABEL_PX,
  nodeCentre,
  READABLE_ZOOM,
  readableFit,
  zoomAround,
  zoomToFit,
  type Size,
  type Viewport,
} from '../../../../src/features/agents/graphViewport';

/** Where a graph point is drawn on screen. */
const onScreen = (viewport: Viewport, point: Point): Point => ({
  x: point.x * viewport.zoom + viewport.x,
  y: point.y * viewport.zoom + viewport.y,
});

/** Whether the whole box of the node at `position` is on a screen of `size`. */
function boxOnScreen(viewport: Viewport, position: Point, size: Size): boolean {
  const topLeft = onScreen(viewport, position);
  const bottomRight = onScreen(viewport, { x: position.x + NODE_WIDTH_PX, y: position.y + NODE_HEIGHT_PX });
  return topLeft.x >= 0 && topLeft.y >= 0 && bottomRight.x <= size.width && bottomRight.y <= size.height;
}

const desktop: Size = { width: 1100, height: 600 };
/** A 390 px phone: the canvas inside the page's padding. */
const phone: Size = { width: 342, height: 600 };

/** A row of `count` nodes, 200 graph units apart. */
const row = (count: number, y = 0): Point[] => Array.from({ length: count }, (_, index) => ({ x: index * 200, y }));

describe('clampZoom', () => {
  it("keeps the zoom within SPEC's 0.5 to 2", () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(1.3)).toBe(1.3);
    expect(clampZoom(7)).toBe(2);
    expect(GRAPH_ZOOM_RANGE).toEqual({ min: 0.5, max: 2 });
  });
});

describe('boundsOf', () => {
  it('spans every node box, and is null without nodes', () => {
    expect(
      boundsOf([
        { x: -100, y: 20 },
        { x: 300, y: -40 },
      ]),
    ).toEqual({
      x: -100,
      y: -40,
      width: 400 + NODE_WIDTH_PX,
      height: 60 + NODE_HEIGHT_PX,
    });
    expect(boundsOf([])).toBeNull();
  });
});

describe('zoomToFit and centredOn', () => {
  it('fits the tighter side with the padding left free, and draws the centre in the middle', () => {
    expect(zoomToFit({ width: 1000, height: 100 }, { width: 548, height: 600 })).toBeCloseTo(0.5);
    const viewport = centredOn({ x: 400, y: -50 }, 0.8, desktop);
    expect(onScreen(viewport, { x: 400, y: -50 })).toEqual({ x: 550, y: 300 });
  });
});

describe('zoomAround', () => {
  it('keeps the graph point under the given screen point where it is', () => {
    const before = { x: 30, y: -20, zoom: 1 };
    const screenPoint = { x: 300, y: 200 };
    const graphPoint = { x: 270, y: 220 };
    const after = zoomAround(before, 1.5, screenPoint);
    expect(after.zoom).toBe(1.5);
    expect(onScreen(after, graphPoint)).toEqual(screenPoint);
  });

  it('stops at the ends of the zoom range, still about the point', () => {
    const zoomedIn = zoomAround({ x: 0, y: 0, zoom: 1.9 }, 1.9 * 1.25, { x: 100, y: 100 });
    expect(zoomedIn.zoom).toBe(2);
    expect(onScreen(zoomedIn, { x: 100 / 1.9, y: 100 / 1.9 }).x).toBeCloseTo(100);
    expect(zoomAround({ x: 0, y: 0, zoom: 0.55 }, 0.44, { x: 0, y: 0 }).zoom).toBe(0.5);
  });
});

describe('densestCentre', () => {
  it('centres the window on the biggest cluster, not on the middle of everything', () => {
    const cluster = [
      { x: 1000, y: 1000 },
      { x: 1040, y: 1010 },
      { x: 1020, y: 980 },
      { x: 990, y: 1030 },
    ];
    const strays = [
      { x: 0, y: 0 },
      { x: 3000, y: 0 },
    ];
    const centre = densestCentre([...strays, ...cluster], { width: 200, height: 200 });
    for (const point of cluster) {
      expect(Math.abs(point.x - centre.x)).toBeLessThanOrEqual(100);
      expect(Math.abs(point.y - centre.y)).toBeLessThanOrEqual(100);
    }
  });

  it('prefers the most central of equally full windows', () => {
    expect(densestCentre(row(5), { width: 10, height: 10 })).toEqual({ x: 400, y: 0 });
  });
});

describe('readableFit', () => {
  it('shows a graph that fits whole and centred, at a zoom where labels stay readable', () => {
    const positions = row(4);
    const viewport = readableFit(positions, desktop);
    expect(viewport.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(viewport.zoom).toBeLessThanOrEqual(FIT_MAX_ZOOM);
    for (const position of positions) expect(boxOnScreen(viewport, position, desktop)).toBe(true);
    const bounds = boundsOf(positions)!;
    const centre = onScreen(viewport, { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 });
    expect(centre.x).toBeCloseTo(desktop.width / 2);
    expect(centre.y).toBeCloseTo(desktop.height / 2);
  });

  it('does not blow a tiny graph up past FIT_MAX_ZOOM', () => {
    expect(readableFit([{ x: 0, y: 0 }], desktop).zoom).toBe(FIT_MAX_ZOOM);
  });

  it('shows the densest part at the readable zoom when the whole graph would need smaller labels', () => {
    const crowd = [...row(3, 0), ...row(3, 80)].map((point) => ({ x: point.x + 5000, y: point.y + 5000 }));
    const positions = [...row(12, -3000), ...crowd];
    const viewport = readableFit(positions, phone);
    expect(viewport.zoom).toBe(READABLE_ZOOM);
    expect(LABEL_FONT_PX * viewport.zoom).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    // A 342 px canvas holds one column of boxes at the readable zoom: one of the crowd's, whole.
    const shown = positions.filter((position) => boxOnScreen(viewport, position, phone));
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const position of shown) expect(crowd).toContainEqual(position);
  });

  it('keeps labels readable on a phone for a real layout of 120 nodes, with whole nodes in view', () => {
    const nodes = Array.from({ length: 120 }, (_, index) => ({ id: `n${index}` }));
    const edges = nodes.slice(1).map((node, index) => ({ source: `n${index % 6}`, target: node.id }));
    const positions = [...layoutGraph(nodes, edges).values()];
    for (const size of [phone, desktop]) {
      const viewport = readableFit(positions, size);
      expect(LABEL_FONT_PX * viewport.zoom).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      expect(positions.filter((position) => boxOnScreen(viewport, position, size)).length).toBeGreaterThan(0);
    }
  });

  it('leaves the padding free around a graph that fits', () => {
    const positions = row(5);
    const viewport = readableFit(positions, desktop);
    const bounds = boundsOf(positions)!;
    expect(onScreen(viewport, bounds).x).toBeGreaterThanOrEqual(FIT_PADDING_PX - 0.001);
  });
});

describe('labelScale', () => {
  it('draws labels larger when zoomed out, so that none is under MIN_LABEL_PX on screen', () => {
    for (const zoom of [0.5, 0.6, 0.75, READABLE_ZOOM, 1, 2]) {
      expect(LABEL_FONT_PX * labelScale(zoom) * zoom).toBeGreaterThanOrEqual(MIN_LABEL_PX - 1e-9);
    }
    expect(labelScale(1)).toBe(1);
    expect(labelScale(0.5)).toBeCloseTo(MIN_LABEL_PX / LABEL_FONT_PX / 0.5);
  });
});

describe('nodeCentre', () => {
  it('is the middle of the box whose top-left corner is the position', () => {
    expect(nodeCentre({ x: 10, y: 20 })).toEqual({ x: 10 + NODE_WIDTH_PX / 2, y: 20 + NODE_HEIGHT_PX / 2 });
  });
});

describe('matchNodes', () => {
  const nodes = [
    { id: '1', label: 'Sourdough loaf' },
    { id: '2', label: 'Ada Lovelace' },
    { id: '3', label: 'Rye sourdough' },
    { id: '4', label: 'Café Central' },
  ];

  it('finds labels containing the query, those starting with it first', () => {
    expect(matchNodes(nodes, 'sourdough').map((node) => node.id)).toEqual(['1', '3']);
    expect(matchNodes(nodes, 'DOUGH').map((node) => node.id)).toEqual(['1', '3']);
    expect(matchNodes(nodes, 'rye').map((node) => node.id)).toEqual(['3']);
  });

  it('ignores accents and the spaces around the query', () => {
    expect(matchNodes(nodes, '  cafe ').map((node) => node.id)).toEqual(['4']);
  });

  it('finds nothing for an empty query or an unknown name', () => {
    expect(matchNodes(nodes, '   ')).toEqual([]);
    expect(matchNodes(nodes, 'pumpernickel')).toEqual([]);
  });
});
