/**
 * The React side of an element (see element.ts for the element itself): the provider stack around the element's
 * screen, rendered into its shadow root. Loaded after the element is defined and its first requests have left, in
 * parallel with them.
 *
 * The stack: element context (host, settings, emit, toasts), theme tokens on `:host` and goober bound to this shadow
 * root (adopted stylesheets: no <style>, strict CSP holds), the element's i18next instance, its api (and its
 * QueryClient), an error boundary, and the toast region.
 */
import { setup } from 'goober';
import {
  createElement,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import { ApiContext } from './api.tsx';
import { ElementContext, type ElementContextValue, type ResolvedSettings } from './context.tsx';
import type { ElementOptions } from './element.ts';
import { direction, langTag } from '../core/locale.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { hostApi, hostServices } from './host.ts';
import { I18nContext, useLoadedLocale } from './i18n.tsx';
import { createI18n, fixedT } from './i18n-instance.ts';
import { QueryClientContext } from './query.ts';
import { useMediaQuery } from './responsive.ts';
import { ownSettings, resolveSettings, type Settings, type SettingsInput } from './settings.ts';
import { bindStyles, setHostCss, StyleContext } from './styles.tsx';
import { ToastRegion } from './Toast.tsx';
import { hostCss } from './tokens.ts';

type RootProps = Record<string, unknown> & {
  container: ShadowRoot;
  __provided?: SettingsInput | undefined;
  /** The page's locale preference when the element was made (ElementOptions.pageLocale). */
  __page?: string | undefined;
};

function ElementRoot({
  rootProps,
  Component,
  options,
}: {
  rootProps: RootProps;
  Component: ComponentType<Record<string, unknown>>;
  options: ElementOptions;
}): ReactNode {
  const { container, __provided, __page, ...rest } = rootProps;
  const host = container.host as HTMLElement;
  const base = resolveSettings(ownSettings(rest), __provided, host, __page);
  const baseKey = `${base.baseUrl}|${base.authToken}|${base.locale}|${base.livemode}|${base.theme}`;

  // Local overrides (header language/theme controls) apply until the settings change from outside.
  const [override, setOverride] = useState<{ key: string; patch: Partial<Pick<Settings, 'locale' | 'theme'>> }>({
    key: baseKey,
    patch: {},
  });
  const patch = override.key === baseKey ? override.patch : {};
  const wanted = patch.locale ?? base.locale;
  const theme = patch.theme ?? base.theme;
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const mode: 'light' | 'dark' = theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme;

  const hs = hostServices(host);
  const { toasts } = hs;
  const i18n = (hs.i18n ??= createI18n(wanted, options.messages));
  // While a new locale's strings load, the screen stays (in the locale shown so far) instead of unmounting.
  const shown = useLoadedLocale(i18n, wanted, options.messages);
  const locale = shown ?? wanted;

  const settings = useMemo<ResolvedSettings>(
    () => ({ ...base, locale, theme, mode }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `baseKey` stands for the `base` object
    [baseKey, locale, theme, mode],
  );

  const overrideSettings = useCallback(
    (p: Partial<Pick<Settings, 'locale' | 'theme'>>) =>
      setOverride((o) => ({ key: baseKey, patch: { ...(o.key === baseKey ? o.patch : {}), ...p } })),
    [baseKey],
  );

  const elementValue = useMemo<ElementContextValue>(
    () => ({ host, root: container, prefix: options.prefix, settings, overrideSettings, toasts }),
    [host, container, options.prefix, settings, overrideSettings, toasts],
  );

  const i18nValue = useMemo(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    return { i18n, t: fixedT(i18n, locale), locale };
  }, [i18n, locale]);

  const styles = bindStyles(container);

  // One api while base URL and token stay; a new locale or livemode moves it in place and refetches what is shown
  // (the data stays on screen meanwhile: nothing remounts, nothing is asked twice of the payer).
  const api = hostApi(hs, settings);
  const requestKey = `${settings.locale}|${settings.livemode}`;
  const fetchedWith = useRef(requestKey);
  useEffect(() => {
    if (fetchedWith.current === requestKey) return;
    fetchedWith.current = requestKey;
    void api.queryClient.invalidateQueries();
  }, [api, requestKey]);
  useEffect(() => {
    api.queryClient.mount();
    return () => {
      api.queryClient.unmount();
      // Base URL or token changed: this api is replaced (removal is handled by the element, which may only be moving).
      if (hs.api?.api !== api) api.dispose();
    };
  }, [api, hs]);

  const componentProps: Record<string, unknown> = {};
  for (const key of Object.keys(options.props ?? {})) componentProps[key] = rest[key];

  const display = options.display ?? 'block';
  setHostCss(
    container,
    `${hostCss(theme)}:host{display:${display};${options.hostBackground === false ? 'background:transparent;' : ''}}[data-pay-root]{display:contents}`,
  );
  return (
    <ElementContext.Provider value={elementValue}>
      <StyleContext.Provider value={styles}>
        <I18nContext.Provider value={i18nValue}>
          <ApiContext.Provider value={api}>
            <QueryClientContext.Provider value={api.queryClient}>
              {/* The language and direction of everything in the shadow root, dialogs and toasts included: a box
                  that lays out as its children (display: contents, in the host css), so nothing outside the root
                  is written and Arabic mirrors inside it whatever the page's own direction. */}
              <div data-pay-root="" lang={langTag(locale)} dir={direction(locale)}>
                <ErrorBoundary onReset={() => api.queryClient.resetQueries()}>
                  {shown ? <Component {...componentProps} /> : null}
                </ErrorBoundary>
                <ToastRegion />
              </div>
            </QueryClientContext.Provider>
          </ApiContext.Provider>
        </I18nContext.Provider>
      </StyleContext.Provider>
    </ElementContext.Provider>
  );
}

let gooberReady = false;

/** An element's React root: `render` with the element's current props, `unmount` when it leaves the page. */
export type ElementView = { render(props: Record<string, unknown>): void; unmount(): void };

/** Mounts `Component` (inside the element's provider stack) into the element's shadow root. */
export function renderInto(
  shadow: ShadowRoot,
  Component: ComponentType<Record<string, unknown>>,
  options: ElementOptions,
): ElementView {
  if (!gooberReady) {
    setup(createElement);
    gooberReady = true;
  }
  const root = createRoot(shadow);
  return {
    render: (props) =>
      root.render(<ElementRoot rootProps={{ ...props, container: shadow }} Component={Component} options={options} />),
    unmount: () => root.unmount(),
  };
}
