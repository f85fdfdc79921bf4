// What a journey asks of the page, in plain JavaScript the three engines run unchanged (tests/engines/browser.ts
// sends this file with every call; it defines window.__journey once per document). WebDriver's own element commands
// do not pierce shadow roots, so finding by role and accessible name walks the composed tree here, and a click is
// then a real pointer click at the element's centre, made by the driver (engines.md).
(() => {
  if (window.__journey) return;

  /** Every element of the composed tree below root (shadow roots and slotted nodes included), in tree order. */
  function* walk(root) {
    const kids = root instanceof HTMLSlotElement ? root.assignedElements({ flatten: true }) : [];
    const stack = [...(root.shadowRoot ? root.shadowRoot.children : []), ...root.children, ...kids];
    for (const el of stack) {
      yield el;
      yield* walk(el);
    }
  }
  const rootOf = (host) => {
    if (!host) return document.documentElement;
    const el = typeof host === 'string' ? deepQuery(document.documentElement, host) : host;
    if (!el) throw new Error(`no ${host} on the page`);
    return el;
  };
  function deepQuery(root, css) {
    if (root.matches?.(css)) return root;
    for (const el of walk(root)) if (el.matches(css)) return el;
    return null;
  }

  const IMPLICIT = {
    BUTTON: 'button',
    A: (el) => (el.hasAttribute('href') ? 'link' : null),
    H1: 'heading',
    H2: 'heading',
    H3: 'heading',
    H4: 'heading',
    H5: 'heading',
    H6: 'heading',
    DIALOG: 'dialog',
    SELECT: (el) => (el.multiple || el.size > 1 ? 'listbox' : 'combobox'),
    TEXTAREA: 'textbox',
    NAV: 'navigation',
    TABLE: 'table',
    LI: 'listitem',
    IMG: (el) => (el.getAttribute('alt') === '' ? 'presentation' : 'img'),
    OUTPUT: 'status',
    INPUT: (el) =>
      ({
        radio: 'radio',
        checkbox: 'checkbox',
        button: 'button',
        submit: 'button',
        search: 'searchbox',
        number: 'spinbutton',
        range: 'slider',
      })[el.type] ?? (['text', 'email', 'tel', 'url', 'password', ''].includes(el.type) ? 'textbox' : null),
  };
  function role(el) {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    const r = IMPLICIT[el.tagName];
    return typeof r === 'function' ? r(el) : (r ?? null);
  }
  const byId = (el, id) => el.getRootNode().getElementById?.(id) ?? null;
  const squash = (s) => s.replace(/\s+/g, ' ').trim();
  /**
   * Text of the composed subtree (slots contribute their assigned nodes): what a person reads, or (forName) what an
   * accessible name is made of, without the aria-hidden parts.
   */
  function text(el, forName = true) {
    if (el.nodeType === Node.TEXT_NODE) return el.data;
    if (el.nodeType !== Node.ELEMENT_NODE) return '';
    if ((forName && el.getAttribute('aria-hidden') === 'true') || el.tagName === 'STYLE' || el.tagName === 'SCRIPT')
      return '';
    if (el instanceof HTMLSlotElement)
      return el
        .assignedNodes({ flatten: true })
        .map((n) => text(n, forName))
        .join('');
    const kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    let s = '';
    for (const k of kids) s += text(k, forName);
    if (el.tagName === 'IMG') s += el.getAttribute('alt') ?? '';
    const block = getComputedStyle(el).display;
    return block.startsWith('inline') || block === 'contents' ? s : ` ${s} `;
  }
  function name(el) {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) {
      return squash(
        labelledby
          .split(/\s+/)
          .map((id) => byId(el, id))
          .filter(Boolean)
          .map((n) => text(n))
          .join(' '),
      );
    }
    const label = el.getAttribute('aria-label');
    if (label) return squash(label);
    if (el.labels && el.labels.length) return squash([...el.labels].map((l) => text(l)).join(' '));
    if (
      ['button', 'link', 'heading', 'radio', 'checkbox', 'tab', 'menuitem', 'option', 'menuitemradio'].includes(
        role(el),
      )
    )
      return squash(text(el));
    return squash(el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '');
  }
  function visible(el) {
    if (!el.isConnected) return false;
    for (let n = el; n; n = n.parentElement ?? n.getRootNode().host) {
      const cs = getComputedStyle(n);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
      if (n.tagName === 'DIALOG' && !n.open) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }
  const matches = (value, want) => {
    if (want == null) return true;
    if (typeof want === 'string') return value === want;
    return new RegExp(want.source, want.flags).test(value);
  };

  /**
   * A query: { host?: css of the element to search in, within?: a query for a container, role?, name?, text?,
   * css?, nth? }. name and text are a string (exact) or { source, flags } (a regular expression).
   */
  function findAll(q) {
    const root = q.within ? find(q.within) : rootOf(q.host);
    if (!root) return [];
    const out = [];
    for (const el of [root, ...walk(root)]) {
      if (el === root && q.within) continue;
      if (q.css && !el.matches(q.css)) continue;
      if (q.role && role(el) !== q.role) continue;
      if (q.name !== undefined && !matches(name(el), q.name)) continue;
      if (q.text !== undefined && !matches(squash(text(el, false)), q.text)) continue;
      if (!q.hidden && !visible(el)) continue;
      out.push(el);
    }
    // For text, the innermost match: the element that holds the text, not each ancestor.
    return q.text !== undefined && !q.role && !q.css
      ? out.filter(
          (el) => !out.some((o) => (o !== el && el.contains(o)) || (el.shadowRoot && el.shadowRoot.contains(o))),
        )
      : out;
  }
  function find(q) {
    const all = findAll(q);
    return all[q.nth ?? 0] ?? null;
  }

  /** The topmost element at a point, looking into shadow roots. */
  function deepAt(x, y) {
    let el = document.elementFromPoint(x, y);
    while (el?.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  }
  const composedContains = (outer, inner) => {
    for (let n = inner; n; n = n.parentElement ?? n.getRootNode().host ?? (n.assignedSlot || null)) {
      if (n === outer) return true;
      if (n.assignedSlot && composedContains(outer, n.assignedSlot)) return true;
    }
    return false;
  };

  /** Where to click an element as a person would: its centre, once scrolled into view and not covered. */
  function target(q) {
    let el = find(q);
    if (!el) return { found: false };
    // A control drawn by its label (a radio card, a switch: the input itself transparent or a pixel wide) is
    // clicked where a person clicks, on its label.
    const box = el.getBoundingClientRect();
    if (el.labels?.length && (box.width < 4 || box.height < 4 || getComputedStyle(el).opacity === '0'))
      el = el.labels[0];
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = Math.round(r.left + r.width / 2);
    const y = Math.round(r.top + r.height / 2);
    const top = deepAt(x, y);
    const covered = !!top && !composedContains(el, top) && !composedContains(top, el);
    return {
      found: true,
      x,
      y,
      covered,
      coveredBy: covered ? `${top.tagName.toLowerCase()}.${top.className}` : '',
      disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true',
    };
  }

  function info(q) {
    const el = find(q);
    if (!el) return null;
    return {
      text: squash(text(el, false)),
      name: name(el),
      value: 'value' in el ? el.value : null,
      checked: 'checked' in el ? el.checked : null,
      attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    };
  }

  function focus(q) {
    const el = find(q);
    if (!el) return false;
    el.scrollIntoView({ block: 'center' });
    el.focus();
    if (typeof el.select === 'function') el.select();
    return true;
  }

  /** The element that has focus, looking through shadow roots: its role and name. */
  function focused() {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? { role: role(a), name: name(a), tag: a.tagName.toLowerCase() } : null;
  }

  // A word: a run of letters of Latin, Greek, Cyrillic or Arabic script between spaces, dashes or slashes (CJK and
  // Korean lines may break between any two characters). A token with digits or other signs in it is an id, a hash, a DID, a URL or an
  // amount, which may break anywhere on purpose.
  const TOKEN = /[^\s\-\u2010-\u2015/]+/gu;
  const WORD = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Arabic}\p{M}'’]{2,24}$/u;
  const trimPunctuation = (t) => t.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');

  /** Shown to assistive technology only (the visually-hidden pattern): its layout is not a person's concern. */
  function visuallyHidden(el) {
    for (let n = el; n; n = n.parentElement ?? n.getRootNode().host) {
      const cs = getComputedStyle(n);
      if (
        cs.clipPath.startsWith('inset(50%') ||
        cs.clip === 'rect(0px, 0px, 0px, 0px)' ||
        cs.clip === 'rect(0px 0px 0px 0px)'
      )
        return true;
      const r = n.getBoundingClientRect();
      if (cs.position === 'absolute' && (r.width <= 1 || r.height <= 1) && cs.overflow === 'hidden') return true;
    }
    return false;
  }

  /**
   * Layout defects of what the page shows: a word broken across two lines, an element wider than the viewport
   * (sticking out on the inline axis), a dialog whose body shows less than its content while the dialog has room.
   */
  function defects(host) {
    const root = rootOf(host);
    const out = [];
    const vw = document.documentElement.clientWidth;
    const seen = new Set();
    for (const el of [root, ...walk(root)]) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      // Out of the viewport sideways, unless a scroll box of its own clips it.
      if ((r.right > vw + 1 || r.left < -1) && r.width > 0 && !clipped(el) && !visuallyHidden(el)) {
        const label = describe(el);
        if (!seen.has(label)) {
          seen.add(label);
          out.push(`overflows the viewport (${Math.round(r.left)}..${Math.round(r.right)} of ${vw}): ${label}`);
        }
      }
      if (el.tagName === 'DIALOG' && el.open) {
        const body = [...el.querySelectorAll('*')].find((n) => getComputedStyle(n).overflowY === 'auto');
        if (body && body.scrollHeight > body.clientHeight + 2 && r.height < window.innerHeight - 80) {
          out.push(`dialog body clipped (${body.clientHeight}px of ${body.scrollHeight}px): ${name(el)}`);
        }
      }
      for (const node of el.shadowRoot ? [...el.childNodes, ...el.shadowRoot.childNodes] : el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
        const cs = getComputedStyle(el);
        if (cs.textOverflow === 'ellipsis' && cs.whiteSpace === 'nowrap') continue;
        if (visuallyHidden(el)) continue;
        for (const m of node.data.matchAll(TOKEN)) {
          const word = trimPunctuation(m[0]);
          if (!WORD.test(word)) continue;
          const start = m.index + m[0].indexOf(word);
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + word.length);
          const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
          if (tops.size > 1) out.push(`word broken over ${tops.size} lines: "${word}" in ${describe(el)}`);
        }
      }
    }
    return out;
  }
  function clipped(el) {
    for (let n = el.parentElement ?? el.getRootNode().host; n; n = n.parentElement ?? n.getRootNode().host) {
      const cs = getComputedStyle(n);
      if (cs.overflowX !== 'visible' && cs.overflowX !== 'clip') return true;
      if (cs.overflowX === 'clip') return true;
    }
    return false;
  }
  function describe(el) {
    const part = el.getAttribute('part');
    const n = squash(text(el)).slice(0, 40);
    return `<${el.tagName.toLowerCase()}${part ? ` part="${part}"` : ''}>${n ? ` "${n}"` : ''}`;
  }

  const errors = [];
  window.addEventListener('error', (e) => errors.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason?.message ?? e.reason)));

  window.__journey = { findAll: (q) => findAll(q).length, target, info, focus, focused, defects, errors: () => errors };
})();
