import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Background, ReactFlow, ReactFlowProvider, useNodesState, type Edge, type OnNodesChange } from '@xyflow/react';
import { useMemo, useRef, useState } from 'react';
import { FitOnOpen, LabelScale, LABEL_FONT_SIZE, useGraphCamera, ZoomButtons, type EntityNode } from './graphControls';
import { NODE_HEIGHT_PX, NODE_WIDTH_PX } from './graphLayout';
import { colourOfType, TYPE_TEXT_COLOUR } from './graphPalette';
import { GRAPH_ZOOM_RANGE, matchNodes } from './graphViewport';
import NodeSearch from './NodeSearch';
import type { PositionedGraph } from './selectors';

/** React Flow's own stylesheet, copied beside the app by webpack.config.ts. */
export const XYFLOW_STYLESHEET_URL = '/vendor/xyflow.css';

/** SPEC.md §9: the graph area's height. */
export const GRAPH_HEIGHT_PX = 600;

/** Class names of nodes that the search found. */
const MATCH_CLASS = 'graph-node-match';

type GraphNode = PositionedGraph['nodes'][number];

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

export interface GraphCanvasProps {
  nodes: EntityNode[];
  edges: Edge[];
  onNodesChange: OnNodesChange<EntityNode>;
}

/** The pannable, zoomable canvas, matched nodes ringed dashed and the selected one solid. */
function GraphCanvas({ nodes, edges, onNodesChange }: GraphCanvasProps) {
  const theme = useTheme();
  const canvas = useRef<HTMLDivElement>(null);
  return (
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
        nodes={nodes}
        edges={edges}
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
  );
}

function GraphExplorer({ graph }: { graph: PositionedGraph }) {
  const flow = useMemo(() => toFlow(graph), [graph]);
  // The owner may drag nodes about and select them; the layout is only where they start.
  const [nodes, setNodes, onNodesChange] = useNodesState(flow.nodes);
  const [query, setQuery] = useState('');
  const camera = useGraphCamera();

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
      <GraphCanvas nodes={shown} edges={flow.edges} onNodesChange={onNodesChange} />
    </>
  );
}

/** A number for each graph object shown, so that a newly loaded graph remounts the canvas. */
const graphVersions = new WeakMap<PositionedGraph, number>();
let lastGraphVersion = 0;
function graphVersion(graph: PositionedGraph): number {
  let version = graphVersions.get(graph);
  if (version === undefined) {
    lastGraphVersion += 1;
    version = lastGraphVersion;
    graphVersions.set(graph, version);
  }
  return version;
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
      {/* A graph loaded again (the tab reopened, the agent learnt more) starts afresh: its nodes, fitted. */}
      <ReactFlowProvider key={graphVersion(graph)}>
        <GraphExplorer graph={graph} />
      </ReactFlowProvider>
    </Stack>
  );
}
