import type { AiResponseSummary } from '@washdesk/contract';

/** Shown wherever a figure has nothing to be computed from yet. */
export const NO_FIGURE = '—';

const count = new Intl.NumberFormat('en-US');

export const formatCount = (n: number) => count.format(n);

export const formatRate = (percent: number | null) => (percent == null ? NO_FIGURE : `${percent}%`);

export const formatResponseTime = (ms: number | null) =>
  ms == null ? NO_FIGURE : `${(ms / 1000).toFixed(1)}s`;

export const formatTotal = (summary: AiResponseSummary) =>
  summary.totalResponses ? formatCount(summary.totalResponses) : NO_FIGURE;

/** How each figure is computed, for its tooltip: staff should know what a number means. */
export const figureExplanations = {
  total: (s: AiResponseSummary) =>
    `Every answer the assistant logged, by phone and on Messenger (${formatCount(s.totalResponses)}).`,
  averageTime: (s: AiResponseSummary) =>
    s.timedResponses
      ? `Mean time from the customer's message to the assistant's answer, over the ${formatCount(s.timedResponses)} answers whose time was measured.`
      : 'Mean time from the customer\u2019s message to the answer; no answer has a measured time yet.',
  successRate: (s: AiResponseSummary) =>
    s.totalResponses
      ? `Share of logged answers the assistant recorded as successful (it answered instead of failing or handing over): ${formatCount(s.successfulResponses)} of ${formatCount(s.totalResponses)}.`
      : 'Share of logged answers the assistant recorded as successful; nothing is logged yet.',
  /** Settings calls the same share "Response Accuracy"; nobody grades answers, so say so. */
  accuracy: (s: AiResponseSummary) =>
    s.totalResponses
      ? `No one grades the answers, so this is the share the assistant recorded as successful: ${formatCount(s.successfulResponses)} of ${formatCount(s.totalResponses)} logged answers.`
      : 'The share of answers recorded as successful; nothing is logged yet.',
};
