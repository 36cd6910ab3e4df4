import { describe, expect, it } from 'vitest';
import type { AiResponseSummary } from '@washdesk/contract';
import {
  figureExplanations,
  formatCount,
  formatRate,
  formatResponseTime,
  formatTotal,
  NO_FIGURE,
} from './ai-response-figures.ts';
import { intentLabel } from './intent-labels.ts';

const summary = (over: Partial<AiResponseSummary>) =>
  ({ totalResponses: 0, successfulResponses: 0, timedResponses: 0, ...over }) as AiResponseSummary;

describe('the AI Responses figures', () => {
  it('write counts with thousands separators', () => {
    expect(formatCount(12_345)).toBe('12,345');
  });

  it('show "—" where there is nothing to compute from, never 0% or 0.0s', () => {
    expect(NO_FIGURE).toBe('—');
    expect(formatRate(null)).toBe('—');
    expect(formatResponseTime(null)).toBe('—');
    expect(formatTotal(summary({ totalResponses: 0 }))).toBe('—');
  });

  it('show rates as whole percents and times in seconds to a tenth', () => {
    expect(formatRate(87)).toBe('87%');
    expect(formatRate(0)).toBe('0%');
    expect(formatResponseTime(1_250)).toBe('1.3s');
    expect(formatResponseTime(800)).toBe('0.8s');
    expect(formatTotal(summary({ totalResponses: 1_204 }))).toBe('1,204');
  });

  it('explain what each figure counts', () => {
    const s = summary({ totalResponses: 1_204, successfulResponses: 1_100, timedResponses: 950 });
    expect(figureExplanations.total(s)).toBe(
      'Every answer the assistant logged, by phone and on Messenger (1,204).',
    );
    expect(figureExplanations.averageTime(s)).toContain('over the 950 answers whose time was measured');
    expect(figureExplanations.successRate(s)).toContain(': 1,100 of 1,204.');
    expect(figureExplanations.accuracy(s)).toContain('No one grades the answers');
    expect(figureExplanations.successRate(summary({}))).toContain('nothing is logged yet');
  });

  it('name intents in staff’s words, and show an unknown tag as stored', () => {
    expect(intentLabel('quote_request')).toBe('Quote request');
    expect(intentLabel('gutter_question')).toBe('gutter_question');
  });
});
