import { useT } from '../ui/i18n.tsx';
import { dataEllipsis, focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import { homeOf, pickLogo, type AppInfo } from './blocklet.ts';
import { isolate } from '../core/bidi.ts';

/** The logo and the app's name, a link to the app's home. */
export function Brand({
  info,
  small,
  dark,
  fixed = false,
}: {
  info: AppInfo;
  small: boolean;
  dark: boolean;
  fixed?: boolean;
}) {
  const { css } = useCss();
  const t = useT();
  const logo = pickLogo(info, { small, dark });
  const name = info.appName ?? '';
  const src = checkHref(logo.src);
  return (
    <a
      href={checkHref(homeOf(info)) ?? '/'}
      part="brand"
      aria-label={name ? t('header.logoHome', { name: isolate(name) }) : t('common.home')}
      className={css`
        display: inline-flex; align-items: center; gap: 10px; min-width: 40px; min-height: 40px; padding: 0 4px;
        color: inherit; text-decoration: none; border-radius: var(--pay-radius-sm); flex: ${fixed ? 'none' : '0 1 auto'};
        ${focusRing}
      `}
    >
      {/* The square logo has its room before it loads (the link stays a full target, nothing moves when it comes); a
          wide one's width is the image's own, so the link keeps a floor instead. */}
      {src ? (
        <img
          part="logo"
          src={src}
          alt=""
          className={css`flex: none; object-fit: contain; ${logo.wide ? 'height: 32px; max-width: 180px;' : 'width: 36px; height: 36px; border-radius: 6px;'}`}
        />
      ) : null}
      {/* Below sm the square logo stands alone (the link's label names the app): a name cut to one letter helps no one. */}
      {name && !logo.wide && !(small && src) ? (
        <span
          part="app-name"
          dir="auto"
          className={css`font-weight: 700; font-size: 17px; max-width: 40vw; ${dataEllipsis}`}
        >
          {name}
        </span>
      ) : null}
    </a>
  );
}
