import type { AgentGraph } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { requireAgent } from './agents';

/** The agent's entities and relations, ids as strings (what the SPA's diagram wants). */
export async function getAgentGraph(db: Executor, userId: number, agentId: number): Promise<AgentGraph> {
  await requireAgent(db, userId, agentId);
  const nodes = await db.query<{ id: number; label: string; type: string }>(
    'select id, label, type from graph_nodes where agent_id = $1 and user_id = $2 order by id',
    [agentId, userId],
  );
  const edges = await db.query<{ id: number; source_id: number; target_id: number; label: string }>(
    'select id, source_id, target_id, label from graph_edges where agent_id = $1 and user_id = $2 order by id',
    [agentId, userId],
  );
  return {
    nodes: nodes.map((node) => ({ id: String(node.id), label: node.label, type: node.type })),
    edges: edges.map((edge) => ({
      id: String(edge.id),
      source: String(edge.source_id),
      target: String(edge.target_id),
      label: edge.label,
    })),
  };
}

export interface GraphNodeInput {
  label: string;
  /** e.g. product, person, organization, place, topic, customer. */
  type: string;
}

export interface GraphEdgeInput {
  source: GraphNodeInput;
  target: GraphNodeInput;
  label: string;
}

export interface GraphUpsert {
  userId: number;
  agentId: number;
  nodes: GraphNodeInput[];
  edges: GraphEdgeInput[];
}

const MAX_LABEL_LENGTH = 200;

function clean(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, MAX_LABEL_LENGTH);
}

function cleanNode(node: GraphNodeInput): GraphNodeInput {
  const label = clean(node.label);
  const type = clean(node.type).toLowerCase();
  if (label === '' || type === '') throw new ValidationFailed('A graph node needs a label and a type.', 'nodes');
  return { label, type };
}

function isDb(db: Db | Executor): db is Db {
  return 'transaction' in db;
}

/**
 * Adds entities and relations to the agent's graph, all or nothing: nodes are upserted by (label,
 * type), an edge's ends are added when missing, and a relation seen again gains weight.
 */
export async function upsertGraph(db: Db | Executor, graph: GraphUpsert): Promise<{ nodes: number; edges: number }> {
  const work = async (tx: Executor) => {
    await requireAgent(tx, graph.userId, graph.agentId);
    const ids = new Map<string, number>();
    const keyOf = (node: GraphNodeInput) => JSON.stringify([node.label, node.type]);
    const nodeId = async (raw: GraphNodeInput): Promise<number> => {
      const node = cleanNode(raw);
      const known = ids.get(keyOf(node));
      if (known !== undefined) return known;
      const row = await tx.one<{ id: number }>(
        `insert into graph_nodes (user_id, agent_id, label, type) values ($1, $2, $3, $4)
         on conflict on constraint graph_nodes_agent_label_type_key do update set label = excluded.label
         returning id`,
        [graph.userId, graph.agentId, node.label, node.type],
      );
      ids.set(keyOf(node), Number(row.id));
      return Number(row.id);
    };
    for (const node of graph.nodes) await nodeId(node);
    let edges = 0;
    for (const edge of graph.edges) {
      const label = clean(edge.label);
      if (label === '') throw new ValidationFailed('A graph edge needs a label.', 'edges');
      const source = await nodeId(edge.source);
      const target = await nodeId(edge.target);
      await tx.query(
        `insert into graph_edges (user_id, agent_id, source_id, target_id, label) values ($1, $2, $3, $4, $5)
         on conflict on constraint graph_edges_key do update set weight = graph_edges.weight + 1`,
        [graph.userId, graph.agentId, source, target, label],
      );
      edges += 1;
    }
    return { nodes: ids.size, edges };
  };
  return isDb(db) ? db.transaction(work) : work(db);
}
