import { describe, expect, it } from 'vitest';
import { answerSource, knowledgeLabel } from './answer-source.ts';

describe('where an answer came from', () => {
  it('names each kind of knowledge in staff words', () => {
    expect(['faq:12', 'common:pricing', 'prices', 'services', 'profile', 'odd'].map(knowledgeLabel)).toEqual([
      'FAQ entry #12',
      'Common response: Pricing Information',
      'Advertised prices',
      'List of services',
      'Business profile',
      'odd',
    ]);
  });

  it('says whether the model wrote it and what it used', () => {
    expect(answerSource({ answeredBy: 'model', knowledgeUsed: ['faq:3', 'prices'] })).toBe(
      'Written by the AI model, from FAQ entry #3, Advertised prices',
    );
    expect(answerSource({ answeredBy: 'fallback', knowledgeUsed: [] })).toBe(
      'Said without the AI model; no knowledge used',
    );
  });
});
