import {
  layoutGraph,
  NODE_HEIGHT_PX,
  NODE_WIDTH_PX,
  type LayoutEdge,
  type LayoutNode,
  type Point,
} from '../../../../src/features/agents/graphLayout';

/** A graph like the ones documents produce: clusters around a few hubs, plus cross links. */
function clusteredGraph(nodeCount: number, clusterCount: number) {
  const nodes: LayoutNode[] = Array.from({ length: nodeCount }, (_, index) => ({ id: `n${index}` }));
  const edges: LayoutEdge[] = [];
  for (let index = clusterCount; index < nodeCount; index++) {
    edges.push({ source: `n${index % clusterCount}`, target: `n${index}` });
    if (index % 3 === 0) edges.push({ source: `n${index - 1}`, target: `n${index}` });
  }
  for (let hub = 1; hub < clusterCount; hub++) edges.push({ source: `n${hub - 1}`, target: `n${hub}` });
  return { nodes, edges };
}

function overlappingPairs(positions: Point[]): number {
  let overlaps = 0;
  for (let i = 0; i < positions.length; i++) {
    for (let j = i + 1; j < positions.length; j++) {
      const apartX = Math.abs(positions[i].x - positions[j].x) >= NODE_WIDTH_PX;
      const apartY = Math.abs(positions[i].y - positions[j].y) >= NODE_HEIGHT_PX;
      if (!apartX && !apartY) overlaps++;
    }
  }
  return overlaps;
}

const positionsOf = (nodes: LayoutNode[], layout: Map<string, Point>) =>
  nodes.map((node) => layout.get(node.id) as Point);

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

describe('layoutGraph', () => {
  it('gives every node a position', () => {
    const { nodes, edges } = clusteredGraph(40, 4);
    const layout = layoutGraph(nodes, edges);
    expect(layout.size).toBe(40);
    for (const point of layout.values()) {
      expect(Number.isFinite(point.x)).toBe(true);
      expect(Number.isFinite(point.y)).toBe(true);
    }
  });

  it('places no two node boxes on top of each other', () => {
    const { nodes, edges } = clusteredGraph(120, 6);
    expect(overlappingPairs(positionsOf(nodes, layoutGraph(nodes, edges)))).toBe(0);
  });

  it('separates nodes that have no edges at all, and a lone node', () => {
    const isolated = Array.from({ length: 30 }, (_, index) => ({ id: `lonely-${index}` }));
    expect(overlappingPairs(positionsOf(isolated, layoutGraph(isolated, [])))).toBe(0);
    expect(layoutGraph([{ id: 'only' }], []).get('only')).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(layoutGraph([], []).size).toBe(0);
  });

  it('keeps connected nodes closer together than unconnected ones, on average', () => {
    const { nodes, edges } = clusteredGraph(80, 5);
    const layout = layoutGraph(nodes, edges);
    const linked = new Set(edges.map((edge) => `${edge.source}|${edge.target}`));
    let connected = 0;
    let connectedPairs = 0;
    let unconnected = 0;
    let unconnectedPairs = 0;
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        const a = nodes[i].id;
        const b = nodes[j].id;
        const gap = distance(layout.get(a) as Point, layout.get(b) as Point);
        if (linked.has(`${a}|${b}`) || linked.has(`${b}|${a}`)) {
          connected += gap;
          connectedPairs++;
        } else {
          unconnected += gap;
          unconnectedPairs++;
        }
      }
    }
    expect(connected / connectedPairs).toBeLessThan((unconnected / unconnectedPairs) * 0.75);
  });

  it('lays out the same graph the same way every time', () => {
    const { nodes, edges } = clusteredGraph(60, 3);
    const first = layoutGraph(nodes, edges);
    const second = layoutGraph(nodes, edges);
    expect([...second.entries()]).toEqual([...first.entries()]);
  });

  it('ignores edges to unknown nodes, self-loops and repeated edges', () => {
    const nodes = [{ id: 'a' }, { id: 'b' }];
    const plain = layoutGraph(nodes, [{ source: 'a', target: 'b' }]);
    const noisy = layoutGraph(nodes, [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'a' },
      { source: 'a', target: 'a' },
      { source: 'a', target: 'ghost' },
    ]);
    expect([...noisy.entries()]).toEqual([...plain.entries()]);
  });

  it('lays out 500 nodes without overlaps', () => {
    const { nodes, edges } = clusteredGraph(500, 12);
    const layout = layoutGraph(nodes, edges);
    expect(layout.size).toBe(500);
    expect(overlappingPairs(positionsOf(nodes, layout))).toBe(0);
  });
});
