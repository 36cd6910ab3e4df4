import { EVAL_GROUPS } from './eval-case.ts';
import type { Result } from './eval-runner.ts';
import { toolDisagreements } from './tool-agreement.ts';

/** The score per group, overall, and every failure with its reasons, as text. */
export function evaluationReport(results: Result[], verbose = false, path = 'no model'): string {
  let out = '';
  const line = (label: string, rs: Result[]) => {
    const passed = rs.filter((r) => r.passed).length;
    const pct = rs.length ? ((100 * passed) / rs.length).toFixed(1) : '-';
    return `${label.padEnd(20)} ${String(passed).padStart(4)} / ${String(rs.length).padEnd(4)} ${pct.padStart(5)} %`;
  };
  const failed = results.filter((r) => !r.passed || verbose);
  for (const r of failed)
    out += `\n${r.passed ? 'PASS' : 'FAIL'} [${r.group}] ${r.id}\n    ${r.failures.join('\n    ')}\n`;
  out += `\nAssistant evaluation (${path}), score per group:\n`;
  for (const g of EVAL_GROUPS) {
    const rs = results.filter((r) => r.group === g);
    if (rs.length) out += `  ${line(g, rs)}\n`;
  }
  out += `  ${line('overall', results)}\n`;
  const turns = results.reduce((s, r) => s + r.turns, 0);
  const truthful = results.reduce((s, r) => s + r.logMatchesHeard, 0);
  out += `  cases: ${results.filter((r) => r.turns === 1).length} single turns, ${results.filter((r) => r.turns > 1).length} dialogues, ${turns} caller turns\n`;
  out += `  log = what the customer got: ${truthful} / ${turns} turns\n`;
  const disagreements = toolDisagreements();
  out += `  tools agree with the cases' expected results: ${disagreements.checked - disagreements.list.length} / ${disagreements.checked}\n`;
  for (const d of disagreements.list) out += `    tool disagrees: ${d}\n`;
  return out;
}
