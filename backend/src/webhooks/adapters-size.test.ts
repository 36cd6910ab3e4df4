import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each provider is a small adapter on the one inbox (issue 32): reading what the provider signs,
// checking it by the provider's rule, naming each event's id. A provider that grows past this
// is doing a feature's work in its adapter.

const HERE = import.meta.dirname;
const adapters = fs.readdirSync(HERE).filter((name) => name.endsWith('.adapter.ts'));

describe('the webhook adapters', () => {
  it('are one per provider we receive from (Twilio and Meta; Stripe is next)', () => {
    expect(adapters.sort()).toEqual(['meta.adapter.ts', 'twilio.adapter.ts']);
  });

  for (const name of adapters) {
    it(`${name} is under 80 lines`, () => {
      const lines = fs.readFileSync(path.join(HERE, name), 'utf8').trimEnd().split('\n').length;
      expect(lines).toBeLessThan(80);
    });
  }
});
