import { describe, expect, it } from 'vitest';
import { capabilityLabels, describeRange, requirementLines } from '../../src/blocklet-store/requirements.ts';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';

describe('store requirements as a person reads them', () => {
  it('reads the seed shape: server range, any os, any cpu', () => {
    expect(requirementLines({ server: '>=1.16.0', os: '*', cpu: '*' })).toEqual([
      { name: { key: 'server' }, range: [[{ op: 'atLeast', v: '1.16.0' }]], list: [] },
      { name: { key: 'os' }, range: [[{ op: 'any', v: '' }]], list: [] },
      { name: { key: 'cpu' }, range: [[{ op: 'any', v: '' }]], list: [] },
    ]);
  });
  it('ranges, alternatives, lists and unknown forms', () => {
    expect(describeRange('>= 1.2.0 <2.0.0 || ^3.1.0')).toEqual([
      [
        { op: 'atLeast', v: '1.2.0' },
        { op: 'below', v: '2.0.0' },
      ],
      [{ op: 'compatible', v: '3.1.0' }],
    ]);
    expect(describeRange('weird')).toEqual([[{ op: 'raw', v: 'weird' }]]);
    expect(requirementLines({ os: ['darwin', 'linux', 'plan9'], abtnode: '~1.16.2', gpu: 'yes' })).toEqual([
      { name: { key: 'os' }, range: [], list: [{ key: 'macos' }, { key: 'linux' }, { text: 'plan9' }] },
      { name: { key: 'server' }, range: [[{ op: 'patches', v: '1.16.2' }]], list: [] },
      { name: { text: 'gpu' }, range: [[{ op: 'raw', v: 'yes' }]], list: [] },
    ]);
    expect(requirementLines(null)).toEqual([]);
  });
  it('capabilities that are on, with the DID Space level', () => {
    expect(
      capabilityLabels({ component: true, navigation: true, clusterMode: false, didSpace: 'optional', custom: true }),
    ).toEqual([{ key: 'component' }, { key: 'navigation' }, { key: 'didSpace.optional' }, { text: 'custom' }]);
  });
  it('every key the screen can ask for exists in en and zh (no raw keys on screen)', () => {
    for (const l of [en, zh] as unknown as Array<{ store: Record<string, Record<string, Record<string, string>>> }>) {
      for (const k of ['server', 'os', 'cpu', 'node']) expect(l.store.req!.name![k]).toBeTruthy();
      for (const k of ['any', 'atLeast', 'above', 'atMost', 'below', 'compatible', 'patches', 'exactly'])
        expect(l.store.req!.cond![k]).toMatch(/\S/);
      for (const k of ['macos', 'linux', 'windows', 'x64', 'arm64']) expect(l.store.req!.value![k]).toBeTruthy();
      for (const k of ['component', 'navigation', 'clusterMode', 'serverless']) expect(l.store.cap![k]).toBeTruthy();
    }
  });
});
