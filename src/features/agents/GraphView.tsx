import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  Background,
  ReactFlow,
  ReactFlowProvider,
  useNodesState,
  useReactFlow,
  useStore,
  useStoreApi,
  type Edge,
  type Node,
} from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { NODE_HEIGHT_PX, NODE_WIDTH_PX } from './graphLayout';
import { colourOfType, TYPE_TEXT_COLOUR } from './graphPalette';
import {
  centredOn,
  clampZoom,
  FOCUS_ZOOM,
  GRAPH_ZOOM_RANGE,
  LABEL_FONT_PX,
  labelScale,
  matchNodes,
  nodeCentre,
  readableFit,
  zoomAround,
  ZOOM_STEP,
} from './graphViewport';
import type { PositionedGraph } from './selectors';

/** React Flow's own stylesheet, copied beside the app by webpack.config.ts. */
export const XYFLOW_STYLESHEET_URL = '/vendor/xyflow.css';

/** SPEC.md §9: the graph area's height. */
export const GRAPH_HEIGHT_PX = 600;

/** Set on the canvas from the zoom (graphViewport.ts's labelScale); every label's size multiplies by it. */
const LABEL_SCALE_VARIABLE = '--graph-label-scale';
const LABEL_FONT_SIZE = `calc(${LABEL_FONT_PX}px * var(${LABEL_SCALE_VARIABLE}, 1))`;

/** Class names of nodes that the search found. */
const MATCH_CLASS = 'graph-node-match';

type GraphNode = PositionedGraph['nodes'][number];
type EntityNode = Node<{ label: string; type: string }>;

function toFlow(graph: PositionedGraph): { nodes: EntityNode[]; edges: Edge[] } {
  return {
    nodes: graph.nodes.map((node) => {
      const colour = colourOfType(node.type);
      return {
        id: node.id,
        position: node.position,
        data: { label: node.label, type: node.type },
        connectable: false,
        // Known sizes let a fit frame every node, also those not drawn yet (onlyRenderVisibleElements).
        width: NODE_WIDTH_PX,
        height: NODE_HEIGHT_PX,
        style: {
          padding: '4px 8px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          background: colour,
          borderColor: colour,
          color: TYPE_TEXT_COLOUR,
          fontSize: LABEL_FONT_SIZE,
        },
      };
    }),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edge.label,
      labelStyle: { fontSize: LABEL_FONT_SIZE },
    })),
  };
}

/** Moves and zooms the canvas; everything is computed by graphViewport.ts from the nodes' current places. */
function useGraphCamera() {
  const { getNodes, getNode, getViewport, setViewport } = useReactFlow<EntityNode>();
  const store = useStoreApi<EntityNode>();
  const screen = useCallback(() => {
    const { width, height } = store.getState();
    return { width, height };
  }, [store]);
  return useMemo(
    () => ({
      fit: () =>
        void setViewport(
          readableFit(
            getNodes().map((node) => node.position),
            screen(),
          ),
        ),
      zoomBy: (factor: number) => {
        const { width, height } = screen();
        const viewport = getViewport();
        void setViewport(zoomAround(viewport, viewport.zoom * factor, { x: width / 2, y: height / 2 }));
      },
      focus: (id: string) => {
        const node = getNode(id);
        if (!node) return;
        const zoom = clampZoom(Math.max(getViewport().zoom, FOCUS_ZOOM));
        void setViewport(centredOn(nodeCentre(node.position), zoom, screen()));
      },
    }),
    [getNodes, getNode, getViewport, setViewport, screen],
  );
}

/** Fits the graph once the canvas knows its size (graphViewport.ts's readableFit). */
function FitOnOpen() {
  const ready = useStore((state) => state.panZoom !== null && state.width > 0 && state.height > 0);
  const { fit } = useGraphCamera();
  const fitted = useRef(false);
  useEffect(() => {
    if (!ready || fitted.current) return;
    fitted.current = true;
    fit();
  }, [ready, fit]);
  return null;
}

/** Keeps labels at least MIN_LABEL_PX on screen when zoomed out, without redrawing the nodes. */
function LabelScale({ canvas }: { canvas: RefObject<HTMLDivElement | null> }) {
  const zoom = useStore((state) => state.transform[2]);
  useLayoutEffect(() => {
    canvas.current?.style.setProperty(LABEL_SCALE_VARIABLE, String(labelScale(zoom)));
  }, [canvas, zoom]);
  return null;
}

function ZoomButtons() {
  const camera = useGraphCamera();
  const zoom = useStore((state) => state.transform[2]);
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label="Graph zoom">
      <IconButton
        aria-label="Zoom out"
        onClick={() => camera.zoomBy(1 / ZOOM_STEP)}
        disabled={zoom <= GRAPH_ZOOM_RANGE.min}
      >
        <ZoomOutIcon />
      </IconButton>
      <IconButton aria-label="Zoom in" onClick={() => camera.zoomBy(ZOOM_STEP)} disabled={zoom >= GRAPH_ZOOM_RANGE.max}>
        <ZoomInIcon />
      </IconButton>
      <IconButton aria-label="Fit to view" onClick={camera.fit}>
        <FitScreenIcon />
      </IconButton>
    </Stack>
  );
}

const matchCountText = (count: number) =>
  count === 0 ? 'No node matches.' : count === 1 ? '1 node matches.' : `${count} nodes match.`;

export interface NodeSearchProps {
  nodes: readonly GraphNode[];
  query: string;
  onQueryChange: (query: string) => void;
  onChoose: (node: GraphNode) => void;
}

/** "Find a node": typing highlights the matches, choosing one (or Enter on the text) goes to it. */
function NodeSearch({ nodes, query, onQueryChange, onChoose }: NodeSearchProps) {
  const matches = useMemo(() => matchNodes(nodes, query), [nodes, query]);
  return (
    <Box sx={{ flex: '1 1 16rem', maxWidth: { sm: '24rem' } }}>
      <Autocomplete
        freeSolo
        autoHighlight
        options={nodes}
        value={null}
        inputValue={query}
        filterOptions={() => matches}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        onInputChange={(_event, value, reason) => {
          // Choosing a node keeps what was typed, so that the other matches stay highlighted.
          if (reason !== 'reset') onQueryChange(value);
        }}
        onChange={(_event, chosen) => {
          const node = typeof chosen === 'string' ? matches[0] : chosen;
          if (node) onChoose(node);
        }}
        renderOption={({ key: _key, ...props }, option) => (
          <Box component="li" key={option.id} {...props} sx={{ gap: 1 }}>
            {option.label}
            <Typography component="span" variant="body2" color="text.secondary">
              {option.type}
            </Typography>
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label="Find a node" size="small" />}
      />
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {query.trim() === '' ? '' : matchCountText(matches.length)}
      </Typography>
    </Box>
  );
}

function GraphExplorer({ graph }: { graph: PositionedGraph }) {
  const theme = useTheme();
  const flow = useMemo(() => toFlow(graph), [graph]);
  // The owner may drag nodes about and select them; the layout is only where they start.
  const [nodes, setNodes, onNodesChange] = useNodesState(flow.nodes);
  const [query, setQuery] = useState('');
  const camera = useGraphCamera();
  const canvas = useRef<HTMLDivElement>(null);

  const matched = useMemo(() => new Set(matchNodes(graph.nodes, query).map((node) => node.id)), [graph, query]);
  const shown = useMemo(
    () =>
      matched.size === 0
        ? nodes
        : nodes.map((node) => (matched.has(node.id) ? { ...node, className: MATCH_CLASS } : node)),
    [nodes, matched],
  );

  const choose = (chosen: GraphNode) => {
    setNodes((current) =>
      current.map((node) => {
        const selected = node.id === chosen.id;
        return Boolean(node.selected) === selected ? node : { ...node, selected };
      }),
    );
    camera.focus(chosen.id);
  };

  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <NodeSearch nodes={graph.nodes} query={query} onQueryChange={setQuery} onChoose={choose} />
        <ZoomButtons />
      </Stack>
      <Box
        ref={canvas}
        data-testid="agent-graph"
        sx={{
          height: GRAPH_HEIGHT_PX,
          width: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          // Rings in the text colour stand out on every node colour and on both themes' background.
          [`& .react-flow__node.${MATCH_CLASS}`]: {
            outline: `2px dashed ${theme.palette.text.primary}`,
            outlineOffset: 3,
          },
          '& .react-flow__node.selected': { outline: `3px solid ${theme.palette.text.primary}`, outlineOffset: 3 },
        }}
      >
        <ReactFlow
          nodes={shown}
          edges={flow.edges}
          onNodesChange={onNodesChange}
          minZoom={GRAPH_ZOOM_RANGE.min}
          maxZoom={GRAPH_ZOOM_RANGE.max}
          nodesConnectable={false}
          onlyRenderVisibleElements
          colorMode={theme.palette.mode}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <FitOnOpen />
          <LabelScale canvas={canvas} />
        </ReactFlow>
      </Box>
    </>
  );
}

export interface GraphViewProps {
  graph: PositionedGraph | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

/**
 * The agent's knowledge graph: entities coloured by type, laid out so related ones sit together. It
 * opens fitted at a readable zoom; the owner pans by dragging (mouse or touch), zooms with the wheel
 * or the buttons, and finds a node by name. The view's state (zoom, pan, selection, search) is this
 * component's own: it matters to nothing else and ends with the tab.
 */
export default function GraphView({ graph, status }: GraphViewProps) {
  const types = useMemo(() => [...new Set(graph?.nodes.map((node) => node.type))].sort(), [graph]);
  if (status === 'failed') return <Typography color="error">Failed to load the graph.</Typography>;
  if (status !== 'loaded' || !graph) return <Typography color="text.secondary">Loading graph...</Typography>;
  if (graph.nodes.length === 0) {
    return (
      <Typography color="text.secondary">No graph yet. It grows as documents and conversations come in.</Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <link rel="stylesheet" href={XYFLOW_STYLESHEET_URL} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Entity types">
        {types.map((type) => (
          <Chip key={type} size="small" label={type} sx={{ background: colourOfType(type), color: TYPE_TEXT_COLOUR }} />
        ))}
      </Stack>
      <ReactFlowProvider>
        <GraphExplorer graph={graph} />
      </ReactFlowProvider>
    </Stack>
  );
}
