import {
  formatDollarRange,
  formatDollars,
  formatSquareFeet,
  type PhotoAnalysisResponse,
} from '@washdesk/contract';
import type { Toast } from '../quote-tool/toast.tsx';
import type { PhotoFormMode } from './submit-photo-form.ts';

// What the customer is told after sending the photo form (spec section 8).

export const SUBMITTED_TOAST: Toast = {
  title: 'Success',
  text: "Photos submitted successfully! We'll contact you soon with a quote.",
  tone: 'success',
};

/** The instant estimate, in the words of whoever made it: the AI model, or the rough price list. */
export const estimateToast = (analysis: PhotoAnalysisResponse, followUpHours: number): Toast => {
  const quote = analysis.detailedQuote;
  return analysis.provider === 'openai'
    ? {
        title: 'AI Analysis Complete!',
        text: `${formatSquareFeet(quote.totalSquareFootage)} in total, estimated at ${formatDollars(quote.totalAmount)}.`,
        tone: 'success',
      }
    : {
        title: 'Rough Estimate Ready',
        text: `${formatDollarRange(quote.priceRange)} from your answers. We'll call you within ${followUpHours} hours.`,
        tone: 'success',
      };
};

/**
 * Something the customer can fix: the spec's failure toasts ("try submitting photos normally")
 * would send them into the same refusal. Says what it is; the fields say where.
 */
export const checkTheFormToast = (photoProblem: string | undefined): Toast => ({
  title: 'Please check the form',
  text: photoProblem ?? 'Some details need attention; each is marked.',
  tone: 'error',
});

/** The sending failed for a reason the customer cannot fix. */
export const failedToast = (mode: PhotoFormMode): Toast =>
  mode === 'analysis'
    ? {
        title: 'Analysis failed',
        text: 'Please try submitting photos normally or call us directly.',
        tone: 'error',
      }
    : { title: 'Error', text: 'Failed to submit photos. Please try again.', tone: 'error' };
