/** The command-line switches of every test browser (chromium-args.mjs says why). */
export declare const CHROMIUM_ARGS: string[];
