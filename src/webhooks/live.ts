// The live feed of a workspace's events for the dashboard (GET /dashboard/api/events): the
// same events webhooks carry, handed to the open streams of this process after the change's
// commit. A workspace nobody watches costs one Map lookup per event.
import { EventEmitter } from 'node:events';

export interface LiveEvent {
  type: string;
  timestamp: string;
  data: unknown;
}

class LiveEvents {
  private readonly emitter = new EventEmitter();
  private readonly watched = new Map<string, number>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  watching(workspaceId: string): boolean {
    return this.watched.has(workspaceId);
  }

  publish(workspaceId: string, event: LiveEvent) {
    this.emitter.emit(workspaceId, event);
  }

  /** Calls `fn` with each event of the workspace until the returned function is called. */
  subscribe(workspaceId: string, fn: (event: LiveEvent) => void): () => void {
    this.emitter.on(workspaceId, fn);
    this.watched.set(workspaceId, (this.watched.get(workspaceId) ?? 0) + 1);
    return () => {
      this.emitter.off(workspaceId, fn);
      const left = (this.watched.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.watched.set(workspaceId, left);
      else this.watched.delete(workspaceId);
    };
  }
}

export const liveEvents = new LiveEvents();
