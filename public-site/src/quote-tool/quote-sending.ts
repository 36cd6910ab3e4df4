// What the quote tool needs only once a visitor sends: the upload and the quote it shows. QuoteTool
// fetches this chunk as the photos are prepared, so the embed's first load (issue 31: ≤ 15 KB
// brotli, `npm run bench -- pages`) carries only the form.
export { QuoteResult } from './QuoteResult.tsx';
export { uploadQuote } from './upload-quote.ts';
export { learnAnswerWords } from './answer-words.ts';
