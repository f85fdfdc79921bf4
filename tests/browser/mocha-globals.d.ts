// The mocha globals @web/test-runner provides in the browser (no @types/mocha installed).
declare function describe(title: string, fn: () => void): void;
/** `this` in a test function: `this.timeout(ms)` for a test that needs longer than the configured default. */
interface MochaTestContext {
  timeout(ms: number): void;
  /** Marks the test pending (skipped) and ends it: for what one engine cannot do. */
  skip(): never;
}
declare function it(title: string, fn: (this: MochaTestContext) => void | Promise<void>): void;
declare function before(fn: (this: MochaTestContext) => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;
declare function beforeEach(fn: () => void | Promise<void>): void;
declare function afterEach(fn: () => void | Promise<void>): void;
