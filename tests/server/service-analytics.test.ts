import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyticsRoutes } from '../../hosts/server/service/routes/analytics-routes.ts';
import { ANALYTICS_DELAY_MS, createAnalytics, pageViewUrl } from '../../src/api/resources/analytics.ts';

let url = '';
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use('/.well-known/analytics', createAnalyticsRoutes());
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('sandbox analytics endpoints', () => {
  it('records page views and events with 204; a bad name is a 400 with the error shape', async () => {
    expect((await fetch(pageViewUrl(url, '/store/blocklets?x=1'))).status).toBe(204);
    expect((await fetch(`${url}/.well-known/analytics/evt/payFailed`)).status).toBe(204);
    const long = await fetch(`${url}/.well-known/analytics/pv/${'a'.repeat(600)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: expect.any(String) });
    const { views } = await (await fetch(`${url}/.well-known/analytics/sandbox/recent`)).json();
    expect(views.map((v: { kind: string; name: string }) => [v.kind, v.name])).toEqual([
      ['pv', '/store/blocklets?x=1'],
      ['evt', 'payFailed'],
    ]);
  });
});

describe('analytics client', () => {
  it('sends a page view 200 ms later with fetch; a newer page within the delay replaces it; errors are ignored', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      const a = createAnalytics({
        origin: 'https://app.test',
        fetch: async (u) => {
          calls.push(String(u));
          throw new Error('offline');
        },
      });
      a.pageView('/a');
      vi.advanceTimersByTime(ANALYTICS_DELAY_MS - 1);
      a.pageView('/b?q=1');
      vi.advanceTimersByTime(ANALYTICS_DELAY_MS - 1);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['https://app.test/.well-known/analytics/pv/%2Fb%3Fq%3D1']);
      a.pageView('/c');
      a.cancel();
      vi.advanceTimersByTime(1000);
      expect(calls).toHaveLength(1);
      a.event('payFailed');
      vi.advanceTimersByTime(ANALYTICS_DELAY_MS);
      expect(calls[1]).toBe('https://app.test/.well-known/analytics/evt/payFailed');
    } finally {
      vi.useRealTimers();
    }
  });
});
