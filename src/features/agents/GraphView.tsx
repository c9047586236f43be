import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Background, Controls, ReactFlow, useNodesState, type Edge, type Node } from '@xyflow/react';
import { useMemo } from 'react';
import { NODE_HEIGHT_PX, NODE_WIDTH_PX } from './graphLayout';
import type { PositionedGraph } from './selectors';

/** React Flow's own stylesheet, copied beside the app by webpack.config.ts. */
export const XYFLOW_STYLESHEET_URL = '/vendor/xyflow.css';

/** SPEC.md §9: the graph area's height and the zoom range. */
export const GRAPH_HEIGHT_PX = 600;
export const GRAPH_MIN_ZOOM = 0.5;
export const GRAPH_MAX_ZOOM = 2;

const TYPE_COLOURS: Record<string, string> = {
  product: '#1e88e5',
  person: '#8e24aa',
  customer: '#d81b60',
  organization: '#43a047',
  place: '#fb8c00',
  topic: '#00897b',
};
const OTHER_COLOURS = ['#5e35b1', '#6d4c41', '#546e7a', '#c0ca33', '#3949ab', '#f4511e'];

/** The same type always gets the same colour, known types a fixed one. */
function colourOfType(type: string): string {
  const known = TYPE_COLOURS[type.toLowerCase()];
  if (known) return known;
  let hash = 0;
  for (const character of type) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return OTHER_COLOURS[hash % OTHER_COLOURS.length];
}

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
        // Known sizes let fitView frame every node, also those not drawn yet (onlyRenderVisibleElements).
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
          color: '#fff',
          fontSize: 12,
        },
      };
    }),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edge.label,
      labelStyle: { fontSize: 10 },
    })),
  };
}

function Diagram({ graph }: { graph: PositionedGraph }) {
  const flow = useMemo(() => toFlow(graph), [graph]);
  // The owner may drag nodes about; the layout is only where they start.
  const [nodes, , onNodesChange] = useNodesState(flow.nodes);
  return (
    <ReactFlow
      nodes={nodes}
      edges={flow.edges}
      onNodesChange={onNodesChange}
      fitView
      minZoom={GRAPH_MIN_ZOOM}
      maxZoom={GRAPH_MAX_ZOOM}
      nodesConnectable={false}
      onlyRenderVisibleElements
      proOptions={{ hideAttribution: true }}
    >
      <Background />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

export interface GraphViewProps {
  graph: PositionedGraph | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

/** The agent's knowledge graph: entities coloured by type, laid out so related ones sit together. */
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
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Entity types">
        {types.map((type) => (
          <Chip key={type} size="small" label={type} sx={{ background: colourOfType(type), color: '#fff' }} />
        ))}
      </Stack>
      <Box
        sx={{ height: GRAPH_HEIGHT_PX, border: 1, borderColor: 'divider', borderRadius: 1 }}
        data-testid="agent-graph"
      >
        <Diagram graph={graph} />
      </Box>
    </Stack>
  );
}
