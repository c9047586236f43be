import { getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaletteMode } from '@mui/material';
import { NODE_HEIGHT_PX, NODE_WIDTH_PX } from '../../../../src/features/agents/graphLayout';
import GraphView from '../../../../src/features/agents/GraphView';
import {
  FOCUS_ZOOM,
  GRAPH_ZOOM_RANGE,
  LABEL_FONT_PX,
  MIN_LABEL_PX,
  READABLE_ZOOM,
  ZOOM_STEP,
} from '../../../../src/features/agents/graphViewport';
import type { PositionedGraph } from '../../../../src/features/agents/selectors';
import { createAppTheme } from '../../../../src/theme';

/** jsdom lays nothing out; React Flow measures its pane with these. */
function canvasOf(size: { width: number; height: number }) {
  jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(size.width);
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(size.height);
}

function renderGraph(graph: PositionedGraph, mode: PaletteMode = 'light') {
  return render(
    <ThemeProvider theme={createAppTheme(mode)}>
      <GraphView graph={graph} status="loaded" />
    </ThemeProvider>,
  );
}

/** The drawn viewport, as React Flow writes it: translate(x, y) scale(zoom). */
function viewport() {
  const transform = document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform;
  const [, x, y, zoom] = /translate\((-?[\d.e-]+)px, ?(-?[\d.e-]+)px\) scale\(([\d.e-]+)\)/.exec(transform)!;
  return { x: Number(x), y: Number(y), zoom: Number(zoom) };
}

/** Where the centre of the node at `position` is drawn. */
function centreOnScreen(position: { x: number; y: number }) {
  const { x, y, zoom } = viewport();
  return { x: (position.x + NODE_WIDTH_PX / 2) * zoom + x, y: (position.y + NODE_HEIGHT_PX / 2) * zoom + y };
}

const node = (id: string, label: string, type: string, x: number, y: number) => ({
  id,
  label,
  type,
  position: { x, y },
});

const bakery: PositionedGraph = {
  nodes: [
    node('n1', 'Sourdough', 'product', 0, 0),
    node('n2', 'Ada', 'person', 240, 0),
    node('n3', 'Rye sourdough', 'product', 0, 120),
    node('n4', 'Market hall', 'place', 240, 120),
  ],
  edges: [{ id: 'e1', source: 'n2', target: 'n1', label: 'likes' }],
};

/** Far more than a phone can show readably: a 20 × 20 grid. */
const bigGraph: PositionedGraph = {
  nodes: Array.from({ length: 400 }, (_, index) =>
    node(`g${index}`, `Entity ${index}`, 'topic', (index % 20) * 200, Math.floor(index / 20) * 80),
  ),
  edges: [],
};

/** The search's announcement (React Flow's canvas has a live region of its own). */
const searchStatus = () => screen.getAllByRole('status').find((region) => !region.closest('.react-flow'))!;

afterEach(() => jest.restoreAllMocks());

describe('GraphView', () => {
  it('opens with the whole of a small graph in view, labels at their size', () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bakery);
    const { zoom } = viewport();
    expect(zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    for (const entity of bakery.nodes) {
      const centre = centreOnScreen(entity.position);
      expect(centre.x).toBeGreaterThan(0);
      expect(centre.x).toBeLessThan(900);
      expect(centre.y).toBeGreaterThan(0);
      expect(centre.y).toBeLessThan(600);
    }
  });

  it('shows and fits a graph loaded again with what the agent learnt since', () => {
    canvasOf({ width: 900, height: 600 });
    const { rerender } = renderGraph(bakery);
    const learnt: PositionedGraph = {
      // Off screen in the first graph's fit: drawn at x 1050 of 900 unless the view fits again.
      nodes: [...bakery.nodes, node('n5', 'Harbour market', 'place', 600, 300)],
      edges: bakery.edges,
    };
    rerender(
      <ThemeProvider theme={createAppTheme('light')}>
        <GraphView graph={learnt} status="loaded" />
      </ThemeProvider>,
    );
    expect(screen.getByText('Harbour market')).toBeInTheDocument();
    for (const entity of learnt.nodes) {
      const centre = centreOnScreen(entity.position);
      expect(centre.x).toBeGreaterThan(0);
      expect(centre.x).toBeLessThan(900);
      expect(centre.y).toBeGreaterThan(0);
      expect(centre.y).toBeLessThan(600);
    }
  });

  it('opens a big graph on a phone at a zoom where labels are at least 11 px, not at the minimum zoom', () => {
    canvasOf({ width: 342, height: 600 });
    renderGraph(bigGraph);
    const { zoom } = viewport();
    expect(zoom).toBeGreaterThan(GRAPH_ZOOM_RANGE.min);
    expect(LABEL_FONT_PX * zoom).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    expect(screen.getByTestId('agent-graph')).toHaveStyle({ width: '100%' });
  });

  it('zooms in, out and back to the fit with buttons that have names, by keyboard too', async () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bigGraph);
    const fitted = viewport();
    const zoom = within(screen.getByRole('group', { name: 'Graph zoom' }));

    await userEvent.click(zoom.getByRole('button', { name: 'Zoom in' }));
    expect(viewport().zoom).toBeCloseTo(fitted.zoom * ZOOM_STEP);

    act(() => zoom.getByRole('button', { name: 'Zoom out' }).focus());
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(viewport().zoom).toBeCloseTo(fitted.zoom / ZOOM_STEP);

    act(() => zoom.getByRole('button', { name: 'Fit to view' }).focus());
    await userEvent.keyboard(' ');
    expect(viewport()).toEqual(fitted);
  });

  it('stops zooming out at the minimum zoom, with labels drawn larger to stay readable', async () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bigGraph);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    while (!(zoomOut as HTMLButtonElement).disabled) await userEvent.click(zoomOut);
    expect(viewport().zoom).toBe(GRAPH_ZOOM_RANGE.min);
    const scale = Number(screen.getByTestId('agent-graph').style.getPropertyValue('--graph-label-scale'));
    expect(LABEL_FONT_PX * scale * GRAPH_ZOOM_RANGE.min).toBeGreaterThanOrEqual(MIN_LABEL_PX);
  });

  it('highlights the nodes a search finds and says how many, politely', async () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bakery);
    const status = searchStatus();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');

    await userEvent.type(screen.getByRole('combobox', { name: 'Find a node' }), 'sourdough');
    expect(status).toHaveTextContent('2 nodes match.');
    const highlighted = [...document.querySelectorAll('.react-flow__node.graph-node-match')];
    expect(highlighted.map((element) => element.getAttribute('data-id')).sort()).toEqual(['n1', 'n3']);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Sourdoughproduct', 'Rye sourdoughproduct']);

    await userEvent.clear(screen.getByRole('combobox', { name: 'Find a node' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a node' }), 'pumpernickel');
    expect(status).toHaveTextContent('No node matches.');
    expect(document.querySelector('.graph-node-match')).toBeNull();
  });

  it('centres on the node chosen from the search, zooms in to it and selects it', async () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bigGraph);
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a node' }), 'entity 399');
    expect(searchStatus()).toHaveTextContent('1 node matches.');
    await userEvent.click(screen.getByRole('option', { name: /Entity 399/ }));

    const chosen = bigGraph.nodes[399];
    const centre = centreOnScreen(chosen.position);
    expect(centre.x).toBeCloseTo(450);
    expect(centre.y).toBeCloseTo(300);
    expect(viewport().zoom).toBeGreaterThanOrEqual(FOCUS_ZOOM);
    expect(document.querySelector(`.react-flow__node[data-id="${chosen.id}"]`)).toHaveClass('selected');
    expect(document.querySelectorAll('.react-flow__node.selected')).toHaveLength(1);
  });

  it('goes to the first match on Enter', async () => {
    canvasOf({ width: 900, height: 600 });
    renderGraph(bakery);
    await userEvent.type(screen.getByRole('combobox', { name: 'Find a node' }), 'market{Enter}');
    expect(document.querySelector('.react-flow__node[data-id="n4"]')).toHaveClass('selected');
    expect(centreOnScreen(bakery.nodes[3].position).x).toBeCloseTo(450);
  });

  it.each<PaletteMode>(['light', 'dark'])('gives the legend chips 4.5:1 text in the %s theme', (mode) => {
    renderGraph(bakery, mode);
    const chips = within(screen.getByRole('group', { name: 'Entity types' })).getAllByText(/./);
    expect(chips.map((label) => label.textContent)).toEqual(['person', 'place', 'product']);
    for (const label of chips) {
      const chip = label.parentElement!;
      const ratio = getContrastRatio(getComputedStyle(chip).color, getComputedStyle(chip).backgroundColor);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });
});
