import type { Feature } from '../../store/feature';
import agentDetailSlice from './detailSlice';
import agentFormSlice from './formSlice';
import agentsListSlice from './listSlice';
import { watchAgents } from './saga';
import uploadsSlice from './uploadsSlice';

/** Agents, their documents and uploads, memories, contexts and graph. */
export default {
  name: 'agents',
  slices: [agentsListSlice, agentFormSlice, agentDetailSlice, uploadsSlice],
  saga: watchAgents,
} satisfies Feature;
