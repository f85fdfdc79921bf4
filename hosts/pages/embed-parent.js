// Sizes iframes of embed-mode pages (/embed/…) to their content: the page inside reports its height with postMessage
// (hosts/pages/host.ts). Origins are checked both ways: the hello goes to the iframe's origin only, and a height
// counts only from that origin and that iframe's window. The snippet in docs/consumers.md is this file.
for (const frame of document.querySelectorAll('iframe[data-pay-embed]')) {
  const origin = new URL(frame.src, location.href).origin;
  const hello = () => frame.contentWindow?.postMessage({ type: 'pay-embed:hello' }, origin);
  frame.addEventListener('load', hello);
  hello(); // in case the page inside loaded first (a hello to a frame not yet on that origin is dropped)
  window.addEventListener('message', (e) => {
    if (e.origin !== origin || e.source !== frame.contentWindow || e.data?.type !== 'pay-embed:height') return;
    const height = Number(e.data.height);
    if (!Number.isFinite(height) || height <= 0) return;
    const borders = getComputedStyle(frame).boxSizing === 'border-box' ? frame.offsetHeight - frame.clientHeight : 0;
    frame.style.height = `${Math.min(height, 20000) + borders}px`;
  });
}
