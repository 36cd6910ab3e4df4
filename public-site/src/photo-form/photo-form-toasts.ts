import { formatDollarRange, formatDollars, type PhotoAnalysisResponse } from '@washdesk/contract';
import { t } from '../i18n/i18n.ts';
import { squareFeetIn } from '../i18n/said-in-answers.ts';
import type { Toast } from '../quote-tool/toast.tsx';
import type { PhotoFormMode } from './submit-photo-form.ts';

// What the customer is told after sending the photo form (spec section 8; its English word for
// word in the catalogs, src/i18n), in the page's language.

export const submittedToast = (): Toast => ({
  title: t('photoForm.toast.success'),
  text: t('photoForm.toast.submitted'),
  tone: 'success',
});

/** The instant estimate, in the words of whoever made it: the AI model, or the rough price list. */
export const estimateToast = (analysis: PhotoAnalysisResponse, followUpHours: number): Toast => {
  const quote = analysis.detailedQuote;
  return analysis.provider === 'openai'
    ? {
        title: t('photoForm.toast.aiDone'),
        text: t('photoForm.toast.aiDoneText', {
          area: squareFeetIn(quote.totalSquareFootage),
          amount: formatDollars(quote.totalAmount),
        }),
        tone: 'success',
      }
    : {
        title: t('photoForm.toast.roughReady'),
        text: t('photoForm.toast.roughReadyText', {
          range: formatDollarRange(quote.priceRange),
          hours: followUpHours,
        }),
        tone: 'success',
      };
};

/**
 * Something the customer can fix: the spec's failure toasts ("try submitting photos normally")
 * would send them into the same refusal. Says what it is (in the page's language); the fields say where.
 */
export const checkTheFormToast = (photoProblem: string | undefined): Toast => ({
  title: t('photoForm.toast.check'),
  text: photoProblem || t('photoForm.toast.checkText'),
  tone: 'error',
});

/** The sending failed for a reason the customer cannot fix. */
export const failedToast = (mode: PhotoFormMode): Toast =>
  mode === 'analysis'
    ? {
        title: t('photoForm.toast.analysisFailed'),
        text: t('photoForm.toast.analysisFailedText'),
        tone: 'error',
      }
    : { title: t('photoForm.toast.error'), text: t('photoForm.toast.errorText'), tone: 'error' };
