import { describe, expect, it } from 'vitest';
import { listPage } from './list-page.ts';

describe('a page of a list the server pages', () => {
  it('says which rows are shown, of how many, on which page', () => {
    expect(listPage({ page: 0, pageSize: 20, total: 5000 })).toEqual({
      page: 0,
      last: 249,
      text: 'Showing 1–20 of 5,000 · Page 1 of 250',
    });
    expect(listPage({ page: 416, pageSize: 12, total: 5000, noun: 'submissions' })).toEqual({
      page: 416,
      last: 416,
      text: 'Showing 4,993–5,000 of 5,000 submissions · Page 417 of 417',
    });
  });

  it('fits a short list on one page', () => {
    expect(listPage({ page: 0, pageSize: 50, total: 7 }).text).toBe('Showing 1–7 of 7 · Page 1 of 1');
    expect(listPage({ page: 0, pageSize: 50, total: 50 }).last).toBe(0);
    expect(listPage({ page: 0, pageSize: 50, total: 51 }).last).toBe(1);
  });

  it('keeps a page past the end (an old bookmark, a shrunken list) inside the list', () => {
    expect(listPage({ page: 9, pageSize: 10, total: 25 })).toEqual({
      page: 2,
      last: 2,
      text: 'Showing 21–25 of 25 · Page 3 of 3',
    });
    expect(listPage({ page: -1, pageSize: 10, total: 25 }).page).toBe(0);
  });

  it('shows an empty list as nothing of nothing', () => {
    expect(listPage({ page: 0, pageSize: 10, total: 0 })).toEqual({
      page: 0,
      last: 0,
      text: 'Showing 0–0 of 0 · Page 1 of 1',
    });
  });
});
