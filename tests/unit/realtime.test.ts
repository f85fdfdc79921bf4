import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi } from '../../src/api/index.ts';
import { openSockets, reconnectDelay, type WebSocketCtor } from '../../src/api/relay-socket.ts';

/** A fake WebSocket speaking the Phoenix vsn 2.0.0 frames (the server side is driven by the test). */
function fakeWebSockets() {
  const made: FakeWs[] = [];
  class FakeWs {
    readyState = 0;
    sent: unknown[][] = [];
    closed = false;
    onopen: ((ev: unknown) => void) | null = null;
    onclose: ((ev: unknown) => void) | null = null;
    onerror: ((ev: unknown) => void) | null = null;
    onmessage: ((ev: { data: unknown }) => void) | null = null;
    constructor(public url: string) {
      made.push(this);
    }
    send(data: string) {
      this.sent.push(JSON.parse(data) as unknown[]);
    }
    close() {
      this.closed = true;
      this.readyState = 3;
    }
    // server side
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
    push(frame: unknown[]) {
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
    /** Replies ok to every join sent so far. */
    acceptJoins() {
      for (const [joinRef, ref, topic, event] of this.sent)
        if (event === 'phx_join') this.push([joinRef, ref, topic, 'phx_reply', { status: 'ok', response: {} }]);
    }
    drop() {
      this.readyState = 3;
      this.onclose?.({});
    }
  }
  return { made, WebSocket: FakeWs as unknown as WebSocketCtor };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'https://page.test', href: 'https://page.test/' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('realtime', () => {
  it('opens the relay socket on first subscribe, joins relay:{appPid}:events, handler gets payload.response', async () => {
    const ws = fakeWebSockets();
    const api = createApi({ locale: 'en', blocklet: { appPid: 'zApp' } }, { WebSocket: ws.WebSocket });
    expect(ws.made).toHaveLength(0);
    const got: unknown[] = [];
    const off1 = api.realtime.subscribe('checkout.session.completed', (r) => got.push(['done', r]));
    const off2 = api.realtime.subscribe('invoice.paid', (r) => got.push(['paid', r]));
    await flush();
    expect(ws.made).toHaveLength(1);
    const s = ws.made[0]!;
    expect(s.url).toBe('wss://page.test/.well-known/service/relay/websocket?vsn=2.0.0');
    s.open();
    expect(s.sent.filter((f) => f[3] === 'phx_join').map((f) => f[2])).toEqual(['relay:zApp:events']);
    s.acceptJoins();
    const joinRef = s.sent[0]![0];
    s.push([joinRef, null, 'relay:zApp:events', 'checkout.session.completed', { response: { id: 'cs_1' } }]);
    s.push([joinRef, null, 'relay:zApp:events', 'invoice.paid', { response: { id: 'in_1', customer_id: 'c' } }]);
    s.push([joinRef, null, 'relay:zApp:events', 'other', { response: {} }]);
    s.push(['x', 'y']); // malformed frames are ignored
    expect(got).toEqual([
      ['done', { id: 'cs_1' }],
      ['paid', { id: 'in_1', customer_id: 'c' }],
    ]);
    off1();
    s.push([joinRef, null, 'relay:zApp:events', 'checkout.session.completed', { response: { id: 'cs_2' } }]);
    expect(got).toHaveLength(2);
    expect(s.closed).toBe(false);
    off2();
    expect(s.sent.at(-1)![3]).toBe('phx_leave');
    expect(s.closed).toBe(true);
    expect(openSockets()).toBe(0);
  });

  it('no socket when appPid is unknown', async () => {
    const ws = fakeWebSockets();
    vi.stubGlobal('window', {});
    const { fakeAdapter } = await import('./fake-adapter.ts');
    const { adapter } = fakeAdapter({ 'https://page.test/__blocklet__.js': { data: { appName: 'x' } } });
    const api = createApi({ locale: 'en' }, { adapter, WebSocket: ws.WebSocket });
    api.realtime.subscribe('invoice.paid', () => {});
    await flush();
    expect(ws.made).toHaveLength(0);
    expect(await api.realtime.connected()).toBe(false);
  });

  it('api instances on one origin share the page socket; dispose of one keeps it for the other', async () => {
    const ws = fakeWebSockets();
    const a = createApi({ locale: 'en', blocklet: { appPid: 'zA' } }, { WebSocket: ws.WebSocket });
    const b = createApi({ locale: 'en', blocklet: { appId: 'zB' } }, { WebSocket: ws.WebSocket });
    a.realtime.subscribe('invoice.paid', () => {});
    b.realtime.subscribe('invoice.paid', () => {});
    await flush();
    expect(ws.made).toHaveLength(1);
    ws.made[0]!.open();
    expect(ws.made[0]!.sent.map((f) => f[2])).toEqual(['relay:zA:events', 'relay:zB:events']);
    a.dispose();
    expect(ws.made[0]!.closed).toBe(false);
    b.dispose();
    expect(ws.made[0]!.closed).toBe(true);
    expect(openSockets()).toBe(0);
  });

  it('unsubscribing before the socket opened does not leave a socket behind', async () => {
    const ws = fakeWebSockets();
    const api = createApi({ locale: 'en', blocklet: { appPid: 'zA' } }, { WebSocket: ws.WebSocket });
    const off = api.realtime.subscribe('invoice.paid', () => {});
    off();
    await flush();
    expect(ws.made).toHaveLength(0);
    expect(openSockets()).toBe(0);
  });

  it('a dropped connection reconnects with backoff (never long-polls) and rejoins; a failing handler does not throw', async () => {
    const ws = fakeWebSockets();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApi({ locale: 'en', blocklet: { appPid: 'zA' } }, { WebSocket: ws.WebSocket });
    const got: unknown[] = [];
    api.realtime.subscribe('invoice.paid', () => {
      throw new Error('boom');
    });
    api.realtime.subscribe('invoice.paid', (r) => got.push(r));
    await flush();
    vi.useFakeTimers();
    ws.made[0]!.open();
    ws.made[0]!.drop();
    for (let i = 1; i <= 8; i++) {
      vi.advanceTimersByTime(reconnectDelay(i));
      expect(ws.made).toHaveLength(i + 1);
      if (i < 8) ws.made[i]!.drop();
    }
    expect(reconnectDelay(20)).toBeLessThanOrEqual(3000);
    const s = ws.made[8]!;
    s.open();
    s.acceptJoins();
    s.push([s.sent[0]![0], null, 'relay:zA:events', 'invoice.paid', { response: { id: 'in_9' } }]);
    expect(got).toEqual([{ id: 'in_9' }]);
    expect(errors).toHaveBeenCalled();
    expect(ws.made.every((w) => w.url.endsWith('/websocket?vsn=2.0.0'))).toBe(true);
    api.dispose();
    vi.advanceTimersByTime(60_000);
    expect(ws.made).toHaveLength(9);
    errors.mockRestore();
  });
});
