import { watchAgents } from '../../sagas/agents';
import type { Feature } from '../../store/feature';
import { agentsSlices } from './slices';

/** Agents, their documents and uploads, memories, contexts and graph. */
export const agentsFeature = { name: 'agents', slices: agentsSlices, saga: watchAgents } satisfies Feature;
