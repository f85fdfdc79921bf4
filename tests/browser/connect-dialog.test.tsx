/**
 * The one connect dialog (src/ui/ConnectDialog.tsx + ConnectPanel.tsx) in real Chromium: the QR code of the deep link
 * (decoded back with jsQR), its text alternative and the link beside it, phones (390 px) with the link first, the
 * scanned state, each refusal's message with "Start again", Cancel, keyboard and focus, announcements, axe in en/zh,
 * light/dark.
 */
import jsQR from 'jsqr';
import { useState } from 'react';
import type { ConnectStatusValue } from '../../src/api/types.ts';
import type { ConnectFailure } from '../../src/core/connect-errors.ts';
import { Button } from '../../src/ui/Button.tsx';
import { ConnectDialog } from '../../src/ui/ConnectDialog.tsx';
import { defineElement } from '../../src/ui/element.ts';
import {
  $,
  activeDeep,
  cleanup,
  emulateMedia,
  equal,
  expectNoAxeViolations,
  mount,
  ok,
  sendKeys,
  setViewport,
  waitFor,
} from './helpers.ts';
import { testMessages } from './test-messages.ts';

const DEEP_LINK =
  'https://abtwallet.io/i/?action=requestAuth&url=http%253A%252F%252F127.0.0.1%252Fpayment%252Fapi%252Fdid%252Fpayment%252Fauth%253F_t_%253Dabc123';

type DemoProps = { url?: string; status?: string; failure?: string; message?: string };

function ConnectDemo({ url, status, failure, message }: DemoProps) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  return (
    <div>
      <Button data-testid="opener" onClick={() => setOpen(true)}>
        Pay
      </Button>
      <output data-testid="log">{log.join(',')}</output>
      <ConnectDialog
        open={open}
        onCancel={() => {
          setLog((l) => [...l, 'cancel']);
          setOpen(false);
        }}
        onRetry={() => setLog((l) => [...l, 'retry'])}
        title="Pay with DID Wallet"
        text="Approve the payment of 10 TBA in DID Wallet."
        url={url || null}
        status={(status || undefined) as ConnectStatusValue | undefined}
        failure={(failure || undefined) as ConnectFailure | undefined}
        message={message || undefined}
      />
    </div>
  );
}

defineElement('test-connect', async () => ConnectDemo, {
  messages: testMessages,
  prefix: 'test',
  props: { url: 'string', status: 'string', failure: 'string', message: 'string' },
});

beforeEach(async () => {
  await setViewport({ width: 1280, height: 800 });
});
afterEach(async () => {
  await cleanup();
  await setViewport({ width: 1280, height: 800 });
  await emulateMedia({ colorScheme: 'light' });
});

async function openDemo(attrs: string): Promise<{ el: HTMLElement; dialog: HTMLDialogElement }> {
  const el = mount(`<test-connect ${attrs}></test-connect>`).firstElementChild as HTMLElement;
  const opener = await waitFor(() => $<HTMLButtonElement>(el, '[data-testid=opener]'));
  opener.focus();
  opener.click();
  const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'));
  await waitFor(() => dialog.querySelector('[part~=connect]'), { message: 'the panel chunk loaded' });
  return { el, dialog };
}

/** Draws the dialog's QR SVG on a canvas and decodes it. */
async function decodeQr(svg: SVGSVGElement): Promise<string | null> {
  const size = 400;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(size));
  clone.setAttribute('height', String(size));
  // The white of the code comes from the stylesheet: give the copy a white background of its own.
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  const [x, y, w, h] = (clone.getAttribute('viewBox') ?? '0 0 1 1').split(' ');
  Object.entries({ x, y, width: w, height: h, fill: '#fff' }).forEach(([k, v]) => bg.setAttribute(k, String(v)));
  clone.insertBefore(bg, clone.firstChild);
  const blob = new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' });
  const img = new Image();
  img.src = URL.createObjectURL(blob);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0, size, size);
  URL.revokeObjectURL(img.src);
  return jsQR(ctx.getImageData(0, 0, size, size).data, size, size)?.data ?? null;
}

describe('ConnectDialog', () => {
  it('desktop: a QR code that decodes to the deep link, with a text alternative, beside the Open DID Wallet link', async () => {
    const { dialog } = await openDemo(`url="${DEEP_LINK}" status="created"`);
    const svg = await waitFor(() => dialog.querySelector<SVGSVGElement>('svg[part~=connect-qr]'));
    equal(svg.getAttribute('role'), 'img');
    ok((svg.getAttribute('aria-label') ?? '').includes('QR code'), 'text alternative');
    equal(await decodeQr(svg), DEEP_LINK);
    const link = dialog.querySelector<HTMLAnchorElement>('a[part~=open-wallet]')!;
    equal(link.href, DEEP_LINK);
    equal(link.target, '_blank');
    equal(link.textContent, 'Open DID Wallet');
    // side by side: the link is right of the code
    ok(link.getBoundingClientRect().left > svg.getBoundingClientRect().right, 'link beside the code');
    // no innerHTML: the code is a React-made path
    ok(svg.querySelector('path')?.getAttribute('d')?.startsWith('M'), 'a path of modules');
    const status = dialog.querySelector('[part~=connect-status]')!;
    equal(status.getAttribute('aria-live'), 'polite');
    ok(status.textContent?.includes('Waiting for DID Wallet'), status.textContent ?? '');
    await waitFor(() => activeDeep() === link, { message: 'the link has the focus' });
    await expectNoAxeViolations(dialog);
  });

  it('while the request is being made: no code yet, a busy link, "Preparing"', async () => {
    const { dialog } = await openDemo('');
    ok(!dialog.querySelector('svg[part~=connect-qr]'));
    const pending = dialog.querySelector<HTMLButtonElement>('[part~=open-wallet-pending]')!;
    equal(pending.getAttribute('aria-busy'), 'true');
    ok(dialog.textContent?.includes('Preparing the request'));
    await expectNoAxeViolations(dialog);
  });

  it('scanned: says so (announced), the code dimmed with a mark, the link still there', async () => {
    const { el, dialog } = await openDemo(`url="${DEEP_LINK}" status="created"`);
    const status = dialog.querySelector('[part~=connect-status]')!;
    el.setAttribute('status', 'scanned');
    await waitFor(() => status.textContent === 'Scanned — confirm in DID Wallet', {
      message: status.textContent ?? '',
    });
    ok(dialog.querySelector('svg[part~=connect-qr]'), 'the code stays (dimmed)');
    ok(dialog.querySelector('a[part~=open-wallet]'), 'the link stays');
    await expectNoAxeViolations(dialog);
  });

  const failures: Array<[string, string]> = [
    ['declined', 'You declined the request in DID Wallet.'],
    ['forbidden', 'answered by a different DID'],
    ['busy', 'DID Wallet is busy with another request.'],
    ['expired', 'The request expired'],
    ['failed', 'DID Wallet could not complete the request.'],
  ];
  for (const [failure, text] of failures) {
    it(`${failure}: its own message as an alert, "Start again" focused, no code`, async () => {
      const { el, dialog } = await openDemo(`url="${DEEP_LINK}" status="created" message="Insufficient balance"`);
      el.setAttribute('failure', failure);
      const alert = await waitFor(() => dialog.querySelector('[role=alert][part~=connect-failure]'));
      ok(alert.textContent?.includes(text), alert.textContent ?? '');
      equal(
        alert.textContent?.includes('Insufficient balance'),
        failure === 'failed',
        'the server text only for failed',
      );
      ok(!dialog.querySelector('svg[part~=connect-qr]'));
      const retry = dialog.querySelector<HTMLButtonElement>('[part~=connect-retry]')!;
      equal(retry.textContent, 'Start again');
      await waitFor(() => activeDeep() === retry, { message: 'Start again has the focus' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => $(el, '[data-testid=log]')?.textContent === 'retry');
    });
  }

  it('keyboard: Tab stays inside; Escape cancels and the focus returns to the opener', async () => {
    const { el, dialog } = await openDemo(`url="${DEEP_LINK}" status="created"`);
    const link = dialog.querySelector<HTMLAnchorElement>('a[part~=open-wallet]')!;
    await waitFor(() => activeDeep() === link);
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      ok(dialog.contains(activeDeep()), 'focus stays in the dialog');
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, 'dialog[open]'));
    equal($(el, '[data-testid=log]')?.textContent, 'cancel');
    equal(activeDeep(), $(el, '[data-testid=opener]'));
  });

  it('390 px: the link first, then the code (smaller), all inside the viewport', async () => {
    await setViewport({ width: 390, height: 844 });
    const { dialog } = await openDemo(`url="${DEEP_LINK}" status="created"`);
    const svg = await waitFor(() => dialog.querySelector<SVGSVGElement>('svg[part~=connect-qr]'));
    const link = dialog.querySelector<HTMLAnchorElement>('a[part~=open-wallet]')!;
    ok(link.getBoundingClientRect().bottom <= svg.getBoundingClientRect().top, 'link above the code');
    ok(dialog.getBoundingClientRect().right <= 390, 'no overflow');
    equal(await decodeQr(svg), DEEP_LINK);
    await expectNoAxeViolations(dialog);
  });

  for (const [locale, scheme] of [
    ['en', 'dark'],
    ['zh', 'light'],
    ['zh', 'dark'],
  ] as const) {
    it(`axe clean in ${locale}, ${scheme}: created and declined`, async () => {
      await emulateMedia({ colorScheme: scheme });
      const { el, dialog } = await openDemo(`locale="${locale}" theme="${scheme}" url="${DEEP_LINK}" status="created"`);
      if (locale === 'zh')
        await waitFor(() => dialog.textContent?.includes('打开 DID Wallet'), { message: 'zh strings' });
      await expectNoAxeViolations(dialog);
      el.setAttribute('failure', 'declined');
      await waitFor(() => dialog.querySelector('[part~=connect-failure]'));
      if (locale === 'zh') ok(dialog.textContent?.includes('重新开始'));
      await expectNoAxeViolations(dialog);
    });
  }
});
