import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One axe finding, cut to what a failing test needs to say. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) in the page and answers the serious and
 * critical violations. axe's source is injected as a script, so the page under test
 * ships nothing extra.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
      }));
  }, WCAG_AA);
}
