/**
 * The one script of /__stub/csp-frame.html (served under the reference host's strict CSP, see stub-platform.mjs):
 * records every CSP violation of the frame and loads element modules when the test asks, so the elements run in
 * a document whose policy forbids inline styles, inline scripts and eval.
 */
export type CspViolation = { directive: string; blocked: string; sample: string; source: string };

export type CspFrameWindow = Window & {
  cspViolations: CspViolation[];
  loadElement: (
    tag: 'pay-checkout' | 'pay-portal' | 'site-header' | 'blocklet-store' | 'pay-provider' | 'pay-pricing-table',
  ) => Promise<unknown>;
  cspFrameReady: boolean;
};

const w = window as unknown as CspFrameWindow;
w.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  w.cspViolations.push({
    directive: e.effectiveDirective,
    blocked: e.blockedURI,
    sample: e.sample,
    source: `${e.sourceFile}:${e.lineNumber}`,
  });
});
w.loadElement = (tag) => import(`../../elements/${tag}.ts`);
w.cspFrameReady = true;
