/**
 * A Phoenix channels client (wire protocol vsn 2.0.0: frames `[join_ref, ref, topic, event, payload]`), websocket
 * only, shared by every element of the page: one socket per endpoint URL, opened by the first subscription and
 * closed when the last one leaves. Loaded lazily (src/api/realtime.ts and the header's notifications import it on
 * their first subscription).
 *
 * - Reconnects with backoff (0.1, 0.25, 0.5, 1, 2 s, then every 3 s) for as long as anyone is subscribed, and
 *   rejoins every topic on reconnect; no long-poll fallback (the platform has no long-poll endpoint).
 * - Heartbeat on topic `phoenix` every `heartbeatMs`; a heartbeat unanswered by the next one closes the connection
 *   (and so reconnects).
 * - Adds no page listeners (no pagehide/pageshow/visibilitychange), never throws into the page: a handler's error
 *   is logged, a malformed frame ignored, a failed connection retried.
 * - Holds only the handlers currently subscribed: unsubscribing removes them, and the last one closes the socket
 *   and drops it from the registry, timers included.
 */

export type WebSocketLike = {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
export type WebSocketCtor = new (url: string) => WebSocketLike;

export type SocketOptions = {
  heartbeatMs: number;
  /** Test seam (default: the page's WebSocket). */
  WebSocket?: WebSocketCtor | undefined;
};

export type TopicHandler = (payload: unknown, event: string) => void;

const OPEN = 1;
/** Delay before reconnect attempt n (1-based). */
export const reconnectDelay = (tries: number): number => [100, 250, 500, 1000, 2000][tries - 1] ?? 3000;
/** Delay before rejoining a topic the server closed or refused (attempt n). */
const rejoinDelay = (tries: number): number => [1000, 2000, 5000][tries - 1] ?? 10_000;

type Topic = {
  handlers: Map<string, Set<TopicHandler>>;
  joinRef: string | null;
  joined: boolean;
  tries: number;
  timer: ReturnType<typeof setTimeout> | undefined;
};

export class RelaySocket {
  readonly url: string;
  #opts: SocketOptions;
  #ws: WebSocketLike | null = null;
  #topics = new Map<string, Topic>();
  #ref = 0;
  #tries = 0;
  #reconnect: ReturnType<typeof setTimeout> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #pendingHeartbeat: string | null = null;
  #closed = false;
  #onClosed: () => void;

  constructor(url: string, opts: SocketOptions, onClosed: () => void = () => {}) {
    this.url = url;
    this.#opts = opts;
    this.#onClosed = onClosed;
  }

  /** True while the websocket is open. */
  get connected(): boolean {
    return this.#ws?.readyState === OPEN;
  }

  /** Listens to `event` on `topic` (joined on first use); returns the unsubscribe function. */
  subscribe(topic: string, event: string, handler: TopicHandler): () => void {
    let t = this.#topics.get(topic);
    if (!t) {
      t = { handlers: new Map(), joinRef: null, joined: false, tries: 0, timer: undefined };
      this.#topics.set(topic, t);
    }
    let set = t.handlers.get(event);
    if (!set) t.handlers.set(event, (set = new Set()));
    set.add(handler);
    if (!this.#ws && !this.#reconnect) this.#connect();
    else if (this.connected && !t.joinRef) this.#join(topic, t);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#unsubscribe(topic, event, handler);
    };
  }

  #unsubscribe(topic: string, event: string, handler: TopicHandler): void {
    const t = this.#topics.get(topic);
    const set = t?.handlers.get(event);
    if (!t || !set) return;
    set.delete(handler);
    if (set.size === 0) t.handlers.delete(event);
    if (t.handlers.size > 0) return;
    clearTimeout(t.timer);
    this.#topics.delete(topic);
    if (t.joinRef && this.connected) this.#send(t.joinRef, this.#nextRef(), topic, 'phx_leave', {});
    if (this.#topics.size === 0) this.close();
  }

  /** Closes the socket for good (every handler is dropped). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const t of this.#topics.values()) clearTimeout(t.timer);
    this.#topics.clear();
    clearTimeout(this.#reconnect);
    this.#reconnect = undefined;
    this.#stopHeartbeat();
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      try {
        ws.close(1000, 'done');
      } catch {
        /* already closed */
      }
    }
    this.#onClosed();
  }

  #nextRef(): string {
    this.#ref += 1;
    return String(this.#ref);
  }

  #connect(): void {
    if (this.#closed) return;
    this.#reconnect = undefined;
    const Ctor = this.#opts.WebSocket ?? (globalThis as { WebSocket?: WebSocketCtor }).WebSocket;
    let ws: WebSocketLike;
    try {
      if (!Ctor) throw new Error('no WebSocket');
      ws = new Ctor(this.url);
    } catch (err) {
      console.warn('[realtime] cannot open the socket', err);
      this.#scheduleReconnect();
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      this.#tries = 0;
      this.#startHeartbeat();
      for (const [topic, t] of this.#topics) this.#join(topic, t);
    };
    ws.onmessage = (ev) => {
      if (this.#ws === ws) this.#receive(ev.data);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
    ws.onclose = () => {
      if (this.#ws !== ws) return;
      this.#lost();
    };
  }

  /** The connection dropped (server restart, network): forget joins, reconnect with backoff. */
  #lost(): void {
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
      try {
        ws.close();
      } catch {
        /* ignore */
      }
    }
    this.#stopHeartbeat();
    for (const t of this.#topics.values()) {
      clearTimeout(t.timer);
      t.timer = undefined;
      t.joinRef = null;
      t.joined = false;
    }
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#reconnect || this.#topics.size === 0) return;
    this.#tries += 1;
    this.#reconnect = setTimeout(() => this.#connect(), reconnectDelay(this.#tries));
  }

  #startHeartbeat(): void {
    this.#stopHeartbeat();
    this.#heartbeat = setInterval(() => {
      if (this.#pendingHeartbeat) {
        // The last heartbeat went unanswered: the connection is dead even if the socket has not noticed.
        this.#lost();
        return;
      }
      this.#pendingHeartbeat = this.#nextRef();
      this.#send(null, this.#pendingHeartbeat, 'phoenix', 'heartbeat', {});
    }, this.#opts.heartbeatMs);
  }

  #stopHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    this.#pendingHeartbeat = null;
  }

  #join(topic: string, t: Topic): void {
    clearTimeout(t.timer);
    t.timer = undefined;
    t.joinRef = this.#nextRef();
    t.joined = false;
    this.#send(t.joinRef, t.joinRef, topic, 'phx_join', {});
  }

  #rejoinLater(topic: string, t: Topic): void {
    t.joinRef = null;
    t.joined = false;
    clearTimeout(t.timer);
    t.tries += 1;
    t.timer = setTimeout(() => {
      t.timer = undefined;
      if (this.#topics.get(topic) === t && this.connected) this.#join(topic, t);
    }, rejoinDelay(t.tries));
  }

  #send(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    try {
      if (this.#ws?.readyState === OPEN) this.#ws.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    } catch (err) {
      console.warn('[realtime] send failed', err);
    }
  }

  #receive(data: unknown): void {
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!Array.isArray(frame) || frame.length !== 5) return;
    const [joinRef, ref, topic, event, payload] = frame as [unknown, unknown, unknown, unknown, unknown];
    if (typeof topic !== 'string' || typeof event !== 'string') return;
    if (topic === 'phoenix') {
      // Any frame carrying the heartbeat's ref answers it: Phoenix servers reply `phx_reply`, the platform's
      // WsServer (@arcblock/ws) echoes event `heartbeat`.
      if (ref != null && String(ref) === this.#pendingHeartbeat) this.#pendingHeartbeat = null;
      return;
    }
    const t = this.#topics.get(topic);
    if (!t) return;
    // Frames of an earlier join of this topic are stale. No join_ref (null or '', as WsServer broadcasts) is not.
    if (joinRef != null && joinRef !== '' && t.joinRef !== null && String(joinRef) !== t.joinRef) return;
    // A reply is `phx_reply`, or `chan_reply_{ref}` as WsServer sends it (the event Phoenix clients turn a
    // `phx_reply` into).
    if (event === 'phx_reply' || (ref != null && event === `chan_reply_${String(ref)}`)) {
      if (ref == null || String(ref) !== t.joinRef || t.joined) return;
      const status = (payload as { status?: unknown } | null)?.status;
      if (status === 'ok') {
        t.joined = true;
        t.tries = 0;
      } else {
        console.warn(`[realtime] join ${topic} refused`, (payload as { response?: unknown } | null)?.response);
        this.#rejoinLater(topic, t);
      }
      return;
    }
    if (event === 'phx_error' || event === 'phx_close') {
      this.#rejoinLater(topic, t);
      return;
    }
    for (const h of [...(t.handlers.get(event) ?? [])]) {
      try {
        h(payload, event);
      } catch (err) {
        console.error('[realtime] handler failed', err);
      }
    }
  }
}

const sockets = new Map<string, RelaySocket>();

/** The page's socket for `url` (made on first use, forgotten when it closes). */
export function sharedSocket(url: string, opts: SocketOptions): RelaySocket {
  let s = sockets.get(url);
  if (!s) {
    const made: RelaySocket = new RelaySocket(url, opts, () => {
      if (sockets.get(url) === made) sockets.delete(url);
    });
    sockets.set(url, made);
    s = made;
  }
  return s;
}

/** How many sockets the page holds (tests and the benchmark check that none is left behind). */
export function openSockets(): number {
  return sockets.size;
}
