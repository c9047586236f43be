import agentDetailSlice from './detailSlice';
import agentFormSlice from './formSlice';
import agentsListSlice from './listSlice';
import uploadsSlice from './uploadsSlice';

/** The agents feature's state: the list, the form, the agent page and the uploads. */
export const agentsSlices = [agentsListSlice, agentFormSlice, agentDetailSlice, uploadsSlice] as const;
