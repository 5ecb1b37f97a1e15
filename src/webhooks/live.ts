// The live feed of a workspace's events for the dashboard (GET /dashboard/api/events): the
// same events webhooks carry, handed to the open streams after the change's commit.
//
// One process (SQLite) hands them over in memory. Several instances (docs/deploy.md "Several
// instances") pass every event through a bus all of them hear: Redis pub/sub when REDIS_URL is
// set, PostgreSQL LISTEN/NOTIFY without it (live-bus.ts). A bus that drops its connection may
// have missed events meanwhile: once it is back, every open stream is told to read everything
// again (`gap`), so no inbox shows a stale page as current.
import { EventEmitter } from 'node:events';

export interface LiveEvent {
  type: string;
  timestamp: string;
  data: unknown;
}

/** How events reach every instance's streams, this one's included. */
export interface LiveBus {
  /** Hands an event to every instance (this one too, through `deliver`). */
  publish(workspaceId: string, event: LiveEvent): void;
  /** Starts hearing the bus: `deliver` each event, `gap` after an outage that may have lost some. */
  start(deliver: (workspaceId: string, event: LiveEvent) => void, gap: () => void): Promise<void>;
  close(): Promise<void>;
}

const GAP = Symbol('gap');

export class LiveEvents {
  private readonly emitter = new EventEmitter();
  private readonly watched = new Map<string, number>();
  private bus: LiveBus | null = null;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Sends events through `bus` from now on (main.ts, when several processes may share the database). */
  async connect(bus: LiveBus): Promise<void> {
    await bus.start(
      (workspaceId, event) => this.deliver(workspaceId, event),
      () => this.emitter.emit(GAP),
    );
    this.bus = bus;
  }

  async disconnect(): Promise<void> {
    const bus = this.bus;
    this.bus = null;
    await bus?.close();
  }

  /**
   * Whether an event of the workspace may have a reader: with a bus, any instance's stream
   * might be open, so always; in one process, only when a stream of the workspace is.
   */
  watching(workspaceId: string): boolean {
    return this.bus !== null || this.watched.has(workspaceId);
  }

  publish(workspaceId: string, event: LiveEvent) {
    if (this.bus) this.bus.publish(workspaceId, event);
    else this.deliver(workspaceId, event);
  }

  private deliver(workspaceId: string, event: LiveEvent) {
    if (this.watched.has(workspaceId)) this.emitter.emit(workspaceId, event);
  }

  /**
   * Calls `fn` with each event of the workspace, and `gap` when events may have been lost,
   * until the returned function is called.
   */
  subscribe(workspaceId: string, fn: (event: LiveEvent) => void, gap: () => void = () => {}): () => void {
    this.emitter.on(workspaceId, fn);
    this.emitter.on(GAP, gap);
    this.watched.set(workspaceId, (this.watched.get(workspaceId) ?? 0) + 1);
    return () => {
      this.emitter.off(workspaceId, fn);
      this.emitter.off(GAP, gap);
      const left = (this.watched.get(workspaceId) ?? 1) - 1;
      if (left > 0) this.watched.set(workspaceId, left);
      else this.watched.delete(workspaceId);
    };
  }
}

export const liveEvents = new LiveEvents();
