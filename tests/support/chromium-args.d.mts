/** The Chromium binary of every test browser: Debian's headless shell unless CHROMIUM_PATH says otherwise. */
export declare const CHROMIUM_PATH: string;
/** The command-line switches of every test browser (chromium-args.mjs says why). */
export declare const CHROMIUM_ARGS: string[];
