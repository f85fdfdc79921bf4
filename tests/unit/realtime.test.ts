import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi } from '../../src/api/index.ts';
import type { PhoenixModule } from '../../src/api/realtime.ts';

type Cb = (payload: unknown) => void;

function fakePhoenix() {
  const sockets: FakeSocket[] = [];
  class FakeChannel {
    handlers = new Map<number, { event: string; cb: Cb }>();
    ref = 0;
    joined = false;
    left = false;
    constructor(public topic: string) {}
    join() {
      this.joined = true;
      return { receive: () => this };
    }
    leave() {
      this.left = true;
    }
    on(event: string, cb: Cb) {
      this.handlers.set(++this.ref, { event, cb });
      return this.ref;
    }
    off(event: string, ref: number) {
      if (this.handlers.get(ref)?.event === event) this.handlers.delete(ref);
    }
    emit(event: string, payload: unknown) {
      for (const h of this.handlers.values()) if (h.event === event) h.cb(payload);
    }
  }
  class FakeSocket {
    channels: FakeChannel[] = [];
    connected = false;
    constructor(public endpoint: string, public opts: Record<string, unknown>) {
      sockets.push(this);
    }
    connect() {
      this.connected = true;
    }
    disconnect() {
      this.connected = false;
    }
    channel(topic: string) {
      const c = new FakeChannel(topic);
      this.channels.push(c);
      return c;
    }
  }
  const load = vi.fn(async () => ({ Socket: FakeSocket }) as unknown as PhoenixModule);
  return { sockets, load };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'https://page.test', href: 'https://page.test/' });
});
afterEach(() => vi.unstubAllGlobals());

describe('realtime', () => {
  it('lazily opens one socket per api on the relay, channel relay:{appPid}:events, handler gets payload.response', async () => {
    const ph = fakePhoenix();
    const api = createApi({ locale: 'en', blocklet: { appPid: 'zApp' } }, { loadPhoenix: ph.load });
    expect(ph.load).not.toHaveBeenCalled();
    const got: unknown[] = [];
    const off1 = api.realtime.subscribe('checkout.session.completed', (r) => got.push(['done', r]));
    const off2 = api.realtime.subscribe('invoice.paid', (r) => got.push(['paid', r]));
    await flush();
    expect(ph.load).toHaveBeenCalledTimes(1);
    expect(ph.sockets).toHaveLength(1);
    const s = ph.sockets[0]!;
    expect(s.endpoint).toBe('wss://page.test/.well-known/service/relay');
    expect(s.opts).toMatchObject({ heartbeatIntervalMs: 30000, longPollFallbackMs: 5000 });
    expect(s.connected).toBe(true);
    const ch = s.channels[0]!;
    expect(ch.topic).toBe('relay:zApp:events');
    expect(ch.joined).toBe(true);
    ch.emit('checkout.session.completed', { response: { id: 'cs_1' } });
    ch.emit('invoice.paid', { response: { id: 'in_1', customer_id: 'c' } });
    ch.emit('other', { response: {} });
    expect(got).toEqual([
      ['done', { id: 'cs_1' }],
      ['paid', { id: 'in_1', customer_id: 'c' }],
    ]);
    off1();
    ch.emit('checkout.session.completed', { response: { id: 'cs_2' } });
    expect(got).toHaveLength(2);
    expect(s.connected).toBe(true);
    off2();
    expect(s.connected).toBe(false);
    expect(ch.left).toBe(true);
  });

  it('no socket when appPid is unknown', async () => {
    const ph = fakePhoenix();
    vi.stubGlobal('window', {});
    const { fakeAdapter } = await import('./fake-adapter.ts');
    const { adapter } = fakeAdapter({ 'https://page.test/__blocklet__.js': { data: { appName: 'x' } } });
    const api = createApi({ locale: 'en' }, { adapter, loadPhoenix: ph.load });
    api.realtime.subscribe('invoice.paid', () => {});
    await flush();
    await flush();
    expect(ph.sockets).toHaveLength(0);
    expect(await api.realtime.connected()).toBe(false);
  });

  it('separate api instances have separate sockets; dispose closes', async () => {
    const ph = fakePhoenix();
    const a = createApi({ locale: 'en', blocklet: { appPid: 'zA' } }, { loadPhoenix: ph.load });
    const b = createApi({ locale: 'en', blocklet: { appId: 'zB' } }, { loadPhoenix: ph.load });
    a.realtime.subscribe('invoice.paid', () => {});
    b.realtime.subscribe('invoice.paid', () => {});
    await flush();
    expect(ph.sockets.map((s) => s.channels[0]!.topic)).toEqual(['relay:zA:events', 'relay:zB:events']);
    a.dispose();
    expect(ph.sockets[0]!.connected).toBe(false);
    expect(ph.sockets[1]!.connected).toBe(true);
  });

  it('unsubscribing before the socket opened does not leave a socket behind', async () => {
    const ph = fakePhoenix();
    const api = createApi({ locale: 'en', blocklet: { appPid: 'zA' } }, { loadPhoenix: ph.load });
    const off = api.realtime.subscribe('invoice.paid', () => {});
    off();
    await flush();
    expect(ph.sockets.every((s) => !s.connected)).toBe(true);
  });
});
