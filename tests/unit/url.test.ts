import { describe, expect, it, vi } from 'vitest';
import { isAbsoluteUrl, joinPath, originOf, safeImageSrc, safeLink, safeUrl, withQuery } from '../../src/core/url.ts';

const base = 'https://app.example.com/checkout/cs_1';

describe('safeLink (the one check for URLs from data)', () => {
  it('passes http(s), page-relative, mailto: and tel:; refuses anything that can run or carry a document', () => {
    vi.stubGlobal('location', { href: base });
    try {
      expect(safeLink('/docs?locale=en')).toBe('https://app.example.com/docs?locale=en');
      expect(safeLink('https://blog.example.com/')).toBe('https://blog.example.com/');
      expect(safeLink('mailto:a@b.co')).toBe('mailto:a@b.co');
      expect(safeLink('tel:+15551234')).toBe('tel:+15551234');
      for (const bad of [
        'javascript:alert(1)',
        ' JAVA\nSCRIPT:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'blob:https://app.example.com/x',
        'file:///etc/passwd',
        '\u200bjavascript:alert(1)',
      ]) {
        expect(safeLink(bad) ?? '', bad).not.toMatch(/^(javascript|data|vbscript|blob|file):/i);
      }
      expect(safeLink('javascript:alert(1)')).toBeNull();
      expect(safeLink('data:text/html,x')).toBeNull();
      expect(safeLink(null)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('safeUrl', () => {
  it('keeps http and https as absolute URLs', () => {
    expect(safeUrl('https://pay.example.com/x?y=1', base)).toBe('https://pay.example.com/x?y=1');
    expect(safeUrl('http://a.test', base)).toBe('http://a.test/');
  });

  it('resolves relative URLs against the base', () => {
    expect(safeUrl('/customer/invoice/in_1', base)).toBe('https://app.example.com/customer/invoice/in_1');
    expect(safeUrl('next', base)).toBe('https://app.example.com/checkout/next');
    expect(safeUrl('/relative')).toBeNull(); // no base and no page in node
  });

  it('rejects javascript:, data:, vbscript: (any case, with whitespace tricks)', () => {
    expect(safeUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeUrl('JavaScript:alert(1)', base)).toBeNull();
    expect(safeUrl(' java\tscript:alert(1)', base)).toBeNull();
    expect(safeUrl('data:text/html,<script>alert(1)</script>', base)).toBeNull();
    expect(safeUrl('vbscript:msgbox(1)', base)).toBeNull();
    expect(safeUrl('file:///etc/passwd', base)).toBeNull();
    expect(safeUrl('', base)).toBeNull();
    expect(safeUrl(undefined, base)).toBeNull();
  });

  it('mailto only when allowed', () => {
    expect(safeUrl('mailto:a@b.co', base)).toBeNull();
    expect(safeUrl('mailto:a@b.co', { base, allowMailto: true })).toBe('mailto:a@b.co');
  });

  it('protocol-relative URLs to other origins are rejected when sameOrigin is required', () => {
    expect(safeUrl('//evil.example/x', base)).toBe('https://evil.example/x');
    expect(safeUrl('//evil.example/x', { base, sameOrigin: true })).toBeNull();
    expect(safeUrl('https://evil.example/x', { base, sameOrigin: true })).toBeNull();
    expect(safeUrl('/ok', { base, sameOrigin: true })).toBe('https://app.example.com/ok');
    expect(safeUrl('//app.example.com/ok', { base, sameOrigin: true })).toBe('https://app.example.com/ok');
  });
});

describe('safeImageSrc', () => {
  it('takes http(s) URLs and data: images (raster or SVG), nothing else', () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(safeImageSrc(svg)).toBe(svg);
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageSrc('https://cdn.example/p.png')).toBe('https://cdn.example/p.png');
    expect(safeImageSrc('/img/p.png', 'https://shop.example/a')).toBe('https://shop.example/img/p.png');
    expect(safeImageSrc('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg onload="x()">')).toBeNull();
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });
});

describe('withQuery / joinPath', () => {
  it('adds and replaces params, skipping undefined, keeping hash and relative form', () => {
    expect(withQuery('/a?x=1#h', { y: 2, x: 3, z: undefined })).toBe('/a?x=3&y=2#h');
    expect(withQuery('https://h.test/p', { redirect: 'https://a.test/b?c=d' })).toBe(
      'https://h.test/p?redirect=https%3A%2F%2Fa.test%2Fb%3Fc%3Dd',
    );
    expect(withQuery('/a', { tags: ['x', 'y'] })).toBe('/a?tags=x&tags=y');
    expect(withQuery('/a', {})).toBe('/a');
  });

  it('joins with single slashes', () => {
    expect(joinPath('/payment/', '/api/settings')).toBe('/payment/api/settings');
    expect(joinPath('https://x.test/', 'payment/', 'api')).toBe('https://x.test/payment/api');
    expect(joinPath('https://x.test', '/store/')).toBe('https://x.test/store/');
    expect(joinPath('', 'a')).toBe('a');
  });

  it('origins and absolute checks', () => {
    expect(originOf('https://x.test:8443/a')).toBe('https://x.test:8443');
    expect(originOf('/a')).toBeNull();
    expect(originOf('/a', 'http://h.test')).toBe('http://h.test');
    expect(isAbsoluteUrl('//x.test')).toBe(true);
    expect(isAbsoluteUrl('/x')).toBe(false);
  });
});
