import type { Secrets } from '../../secrets';

/** Keys shorter than this are masked entirely: showing 7 of their characters would show most of them. */
const MIN_PARTIAL_MASK_LENGTH = 12;
const FULL_MASK = '••••••••';

/** The masked form shown to the owner: first 3 characters + '…' + last 4 ('sk-…abcd'); short keys fully masked. */
export function maskApiKey(key: string): string {
  if (key.length < MIN_PARTIAL_MASK_LENGTH) return FULL_MASK;
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}

/** Whether a submitted key is a masked form (ours or any other): a real key has neither '…' nor '•'. */
export function looksMasked(key: string): boolean {
  return key.includes('…') || key.includes('•');
}

/** Binds a sealed key to its owner and agent, so that a value copied into another row does not decrypt. */
export function agentApiKeyAad(userId: number, agentId: number): string {
  return `agents:${userId}:${agentId}:api_key`;
}

export function sealAgentApiKey(
  secrets: Pick<Secrets, 'encrypt'>,
  userId: number,
  agentId: number,
  key: string,
): string {
  return secrets.encrypt(key, agentApiKeyAad(userId, agentId));
}

/** The fields of an agents row that opening its key needs. */
export interface SealedKeyHolder {
  id: number;
  user_id: number;
  api_key: string | null;
}

/**
 * The agent's API key in the clear, for calling its model provider; undefined when it has none.
 * Throws when the stored value does not open (another key, another row's value, altered ciphertext).
 */
export function openAgentApiKey(
  source: Pick<Secrets, 'decrypt'> | { secrets: Pick<Secrets, 'decrypt'> },
  agent: SealedKeyHolder,
): string | undefined {
  if (agent.api_key === null) return undefined;
  const secrets = 'secrets' in source ? source.secrets : source;
  return secrets.decrypt(agent.api_key, agentApiKeyAad(Number(agent.user_id), Number(agent.id)));
}
