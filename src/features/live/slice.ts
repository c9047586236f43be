import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveEvent } from '../../../contract';

/**
 * The live stream's state machine (GET /api/v1/events): 'off' until the session is signed in,
 * 'connecting', 'open' once the server's first message came, 'down' between a drop and the next
 * try (polling then takes over). `lastEventId` is the last stream position heard: a reconnect
 * resumes from it, and the server says 'resync' when something was missed.
 */
export interface LiveState {
  status: 'off' | 'connecting' | 'open' | 'down';
  lastEventId: string | null;
  /** Tries since the stream was last open: the backoff grows with them. */
  failures: number;
}

const initialState: LiveState = { status: 'off', lastEventId: null, failures: 0 };

const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    liveStreamConnecting(state) {
      if (state.status === 'off' || state.status === 'down') state.status = 'connecting';
    },
    liveEventReceived(state, action: PayloadAction<{ event: LiveEvent; id?: string }>) {
      if (state.status === 'off' || state.status === 'down') return;
      state.status = 'open';
      state.failures = 0;
      if (action.payload.id !== undefined) state.lastEventId = action.payload.id;
    },
    liveStreamDropped(state, _action: PayloadAction<{ reason: string }>) {
      if (state.status === 'off') return;
      state.status = 'down';
      state.failures += 1;
    },
    liveStreamStopped() {
      return initialState;
    },
  },
});

export const { liveStreamConnecting, liveEventReceived, liveStreamDropped, liveStreamStopped } = liveSlice.actions;

type WithLive = { live: LiveState };

export const selectLive = (state: WithLive) => state.live;
export const selectLiveOpen = (state: WithLive) => state.live.status === 'open';

export default liveSlice;
