import { messages as english } from '../i18n/compiled/embed-answer.en.ts';
import { messages as spanish } from '../i18n/compiled/embed-answer.es.ts';
import { learnMessages, pageLanguage } from '../i18n/i18n.ts';

/**
 * The words of the quote view and of the server's answers (src/i18n, `EMBED_ANSWER_AREAS`): the
 * embed's first catalog leaves them out, so they come with the quote view's chunk, fetched as a
 * visitor sends. (The site's catalog has them already; learning them again changes nothing.)
 */
export const learnAnswerWords = () => learnMessages(pageLanguage() === 'es' ? spanish : english);
