import { describe, expect, it } from 'vitest';
import { refusedFields } from './send-multipart.ts';

describe('the fields a server refused', () => {
  it('are read from the contract’s error body', () => {
    const body = {
      error: { code: 'validation_error', message: 'x', fields: { phone: 'Valid phone number required' } },
    };
    expect(refusedFields(body)).toEqual({ phone: 'Valid phone number required' });
  });

  it('are none when the answer names none, or is not an error body at all', () => {
    expect(refusedFields({ error: { message: 'Too many requests' } })).toBeNull();
    expect(refusedFields({ error: { fields: {} } })).toBeNull();
    expect(refusedFields({ error: { fields: { photos: 42 } } })).toBeNull();
    expect(refusedFields(null)).toBeNull();
    expect(refusedFields('<html>502 Bad Gateway</html>')).toBeNull();
  });
});
