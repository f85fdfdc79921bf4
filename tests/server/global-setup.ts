import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup: a directory of this run where the first server test to start a sandbox leaves a dump of its
 * freshly migrated and seeded database, so that every later sandbox of the run loads it instead of migrating an
 * empty database again (tests/server/harness.ts). One run's directory, removed at the end: a change to a migration
 * is always in the next run's dump.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-template-'));
  project.provide('sandboxTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxTemplateDir: string;
  }
}
