import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once. */
let source: string | undefined;

/** One axe-core violation, cut to what a failure message needs. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations. The script is
 * evaluated through the DevTools protocol (page.evaluate), which the page's Content-Security-Policy
 * does not govern, so the page's own policy stays as it ships. The globe's canvas is excluded:
 * it is a picture, not a control.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  // A string, not a function: the e2e project compiles without the DOM's types.
  const violations = (await page.evaluate(`axe.run({ exclude: [['canvas']] }, { resultTypes: ['violations'] }).then((r) => r.violations)`)) as {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[] }[];
  }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
