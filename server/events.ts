/**
 * A customer's message as it was stored: what its event tells, and the payload of the jobs it
 * queues (its reply, its memories), which the webhook's statement writes (intake/store.ts, through
 * the SQL function webhook_store).
 */
export interface ReceivedMessage {
  userId: number;
  conversationId: number;
  messageId: number;
  wamid: string;
}

/**
 * The jobs each new message asks for (its reply, its memories), queued by the statement that stores
 * it. Each job's payload is the message as the 'whatsapp.message-received' event tells it, its key
 * `keyPrefix` and the wamid, so that a duplicate delivery queues nothing.
 */
export interface MessageJobs {
  /**
   * Queued in this order for each message (jobs due together run in id order); a job with `types`
   * only for messages of those types, one marked `immediate` due at once whatever `runAt` says.
   */
  jobs: { name: string; keyPrefix: string; types?: readonly string[]; immediate?: boolean }[];
  /** Not before this time (default now). */
  runAt?: Date;
}

/**
 * ReceivedMessage's keys, for what builds the payload outside TypeScript: webhook_store
 * (server/db/functions/webhook_store.sql) writes it with `jsonb_build_object`, and a test holds its
 * keys to this list, which the compiler holds to the type.
 */
export const RECEIVED_MESSAGE_KEYS = {
  userId: true,
  conversationId: true,
  messageId: true,
  wamid: true,
} as const satisfies Record<keyof ReceivedMessage, true>;

/** What happened, for whoever reacts to it later (the reply job, live updates). */
export interface AppEventMap {
  /** A customer's message was stored for the first time (never again for a retried delivery). */
  'whatsapp.message-received': ReceivedMessage;
}

export type AppEventName = keyof AppEventMap;
type Listener<K extends AppEventName> = (payload: AppEventMap[K]) => void | Promise<void>;

/**
 * The in-process event bus of the embedded shape. A listener runs after the emitter has moved on,
 * and its failure is logged, never thrown back at the webhook that emitted.
 */
export class AppEvents {
  private readonly listeners = new Map<AppEventName, Set<Listener<never>>>();

  constructor(private readonly onListenerError: (error: unknown, name: AppEventName) => void) {}

  on<K extends AppEventName>(name: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends AppEventName>(name: K, payload: AppEventMap[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      queueMicrotask(() => {
        Promise.resolve()
          .then(() => (listener as Listener<K>)(payload))
          .catch((error: unknown) => this.onListenerError(error, name));
      });
    }
  }
}
