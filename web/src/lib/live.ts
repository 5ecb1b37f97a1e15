// The live stream's state, which the inbox's mutations read (the stream itself: features/shell/live.ts).
/** Whether the live stream is open: then the inbox leaves refreshing to it. */
export const live = { connected: false };
