// The one way every benchmark states its verdict (issue 38): each figure beside its bare
// counterpart (the same work with nothing of ours on it: a bare handler, the SQL alone, the
// upload only) and its budget, the budget MISSED named, and the run's exit code 1 when any is.
// A benchmark keeps its own detailed table above; this is the part `npm run bench` is read for.

export interface BenchFigure {
  /** What was measured, with its statistic (e.g. "POST /api/photo-quote, p95"). */
  name: string;
  value: number;
  /** Default 'ms'. */
  unit?: string;
  /** The bare counterpart measured in the same run, when there is one. */
  bare?: { name: string; value: number };
  /** The budget: at most `max` (in `unit`), and/or at most `timesBare` times the bare figure. */
  max?: number;
  timesBare?: number;
}

const show = (value: number, unit: string) =>
  `${value >= 1000 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${unit}`;

/** Which of the figure's budgets it misses (none when it has none). */
export function missedBudgets(f: BenchFigure): string[] {
  const missed: string[] = [];
  if (f.max !== undefined && f.value > f.max) missed.push(`over ${show(f.max, f.unit ?? 'ms')}`);
  if (f.timesBare !== undefined && f.bare && f.value > f.timesBare * f.bare.value)
    missed.push(`over ${f.timesBare}x bare`);
  return missed;
}

/**
 * Prints the figures, their bare counterparts and budgets, and which budgets are MISSED; sets the
 * exit code to 1 when any is. Returns the names of the figures that missed.
 */
export function reportBudgets(title: string, figures: BenchFigure[]): string[] {
  const rows = figures.map((f) => {
    const unit = f.unit ?? 'ms';
    const budget = [
      f.max !== undefined ? `≤ ${show(f.max, unit)}` : '',
      f.timesBare !== undefined ? `≤ ${f.timesBare}x bare` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const missed = missedBudgets(f);
    return {
      figure: f.name,
      value: show(f.value, unit),
      bare: f.bare ? `${show(f.bare.value, unit)} (${f.bare.name})` : '-',
      ratio: f.bare ? `${(f.value / f.bare.value).toFixed(1)}x` : '-',
      budget: budget || 'none',
      verdict: !budget ? '' : missed.length ? `MISSED (${missed.join(', ')})` : 'ok',
    };
  });
  const columns = ['figure', 'value', 'bare', 'ratio', 'budget', 'verdict'] as const;
  const width = Object.fromEntries(
    columns.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]),
  ) as Record<(typeof columns)[number], number>;
  const line = (r: Record<(typeof columns)[number], string>) =>
    columns
      .map((c) => r[c].padEnd(width[c]))
      .join('  ')
      .trimEnd();
  const missed = figures.filter((f) => missedBudgets(f).length).map((f) => f.name);
  const budgeted = figures.filter((f) => f.max !== undefined || f.timesBare !== undefined).length;
  // Says only what was checked: figures without a budget are not "met".
  const verdict = missed.length
    ? `BUDGET MISSED: ${missed.join('; ')}`
    : budgeted === 0
      ? 'No budget is set for these figures.'
      : `Every budget met (${budgeted} of ${figures.length} figures have one).`;
  process.stdout.write(
    `\n${title}: budgets\n` +
      `${line(Object.fromEntries(columns.map((c) => [c, c])) as Record<(typeof columns)[number], string>)}\n` +
      rows.map((r) => `${line(r)}\n`).join('') +
      `${verdict}\n`,
  );
  if (missed.length) process.exitCode = 1;
  return missed;
}
