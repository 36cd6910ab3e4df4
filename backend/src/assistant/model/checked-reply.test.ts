import { describe, expect, it } from 'vitest';
import { inventedNumbers, inventedPlaces, sentenceGate } from './checked-reply.ts';
import { languageOf } from '../spanish.ts';

// The check a model's reply passes sentence by sentence before a word of it is spoken.

describe('what a reply may name', () => {
  const tool =
    'For house soft washing at about 2,400 sq ft, 2 stories, the total would be about $1,080 - $1,440.';

  it('figures: only those the tools or the caller gave, however they are written', () => {
    expect(inventedNumbers('About $1,080.00 to $1440 for 2400 square feet.', tool)).toEqual([]);
    expect(inventedNumbers('About $1,100 to $1,440.', tool)).toEqual(['1100']);
  });

  it('towns: only those the tools or the caller named, a town starting the sentence included', () => {
    const area = 'Yes, Fort Bragg is in Mendocino County, in our service area.';
    expect(inventedPlaces('Fort Bragg is in our area, yes.', area)).toEqual([]);
    expect(inventedPlaces('Fort Bragg is, and so is Eureka.', area)).toEqual(['Eureka']);
    expect(inventedPlaces('Weeds on the patio come off too.', area)).toEqual([]);
  });
});

describe('the sentence gate', () => {
  it('releases each sentence once it is whole and passed, and the rest at the end', () => {
    const heard: string[] = [];
    const gate = sentenceGate(
      () => 'about $150',
      (text) => heard.push(text),
    );
    for (const piece of ['  Our minimum', ' is $150. That', ' covers', ' most jobs!', ' Any', 'thing else'])
      gate.push(piece);
    expect(heard).toEqual(['Our minimum is $150.', ' That covers most jobs!']);
    gate.end();
    expect(heard.at(-1)).toBe(' Anything else');
    expect(gate.text).toBe(heard.join(''));
  });

  it('stops at the first sentence with an invented figure, and keeps nothing after it', () => {
    const heard: string[] = [];
    const gate = sentenceGate(
      () => '',
      (text) => heard.push(text),
    );
    gate.push('We can help. It is $99. ');
    gate.push('Call us.');
    gate.end();
    expect(heard).toEqual(['We can help.']);
    expect(gate.rejected).toContain('99');
  });

  it('drops words written before a tool call', () => {
    const gate = sentenceGate(() => '');
    gate.push('Let me check');
    gate.discard();
    gate.push('Yes');
    gate.end();
    expect(gate.text).toBe('Yes');
  });
});

describe("the caller's language", () => {
  it.each([
    ['¿Cuánto cuesta lavar una casa?', 'es-US'],
    ['Hola, ¿vienen hasta Willits?', 'es-US'],
    ['Do you come out to Rio Dell?', 'en-US'],
    ['Great, gracias, bye', 'en-US'],
  ])('%s → %s', (message, language) => {
    expect(languageOf(message)).toBe(language);
  });
});
