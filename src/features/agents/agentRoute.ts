import { useParams } from 'react-router';

/** The route's agent id as a number; null when the route has none or one that cannot be an id. */
export function parseAgentId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/** `/agents/{agentId}/…`: the id, or null (the page then shows AgentNotFound). */
export function useAgentIdParam() {
  const { agentId } = useParams();
  return parseAgentId(agentId);
}
