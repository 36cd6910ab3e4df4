import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_MESSAGES,
  CONTACT_REQUIRED,
  PHOTOS_REQUIRED,
  isPhoneNumber,
  type PhotoQuoteResponse,
  type PricedSurface,
} from '@washdesk/contract';
import { ServicePicker } from './ServicePicker.tsx';
import { useBusinessProfile } from '../profile/business-profile.tsx';
import {
  CONTACT_FIELDS,
  ContactFields,
  EMPTY_CONTACT,
  type ContactDetails,
  type ContactField,
} from './ContactFields.tsx';
import { TextConsentLine } from '../forms/TextConsentLine.tsx';
import { UploadProgress } from '../photos/UploadProgress.tsx';
import { usePhotoUpload } from '../photos/use-photo-upload.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import { t } from '../i18n/i18n.ts';
import { saidInPageLanguage } from '../i18n/said-in-english.ts';
import { useShowToast } from './toast.tsx';
import type { QuoteUploadOutcome } from './upload-quote.ts';
import { useSelectedPhotos } from './use-selected-photos.ts';
import './quote-tool.css';

type FieldErrors = Partial<Record<ContactField, string>>;

type Sending = typeof import('./quote-sending.ts');
/** The upload and the result view, fetched at the first send (see quote-sending.ts). */
let sending: Sending | undefined;
const loadSending = async () => {
  sending ??= await import('./quote-sending.ts');
  sending.learnAnswerWords();
  return sending;
};

const isContactField = (key: string): key is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(key);

interface QuoteToolProps {
  /** The embed's shorter texts and tighter layout. */
  compact: boolean;
}

/** The instant photo quote: photos and contact details in, a rough price range out. */
export function QuoteTool({ compact }: QuoteToolProps) {
  const profile = useBusinessProfile();
  const showToast = useShowToast();
  const selected = useSelectedPhotos();
  const [contact, setContact] = useState<ContactDetails>(EMPTY_CONTACT);
  const [textConsent, setTextConsent] = useState(false);
  const [services, setServices] = useState<PricedSurface[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const upload = usePhotoUpload();
  const { phase, progress, busy } = upload;
  const [answer, setAnswer] = useState<PhotoQuoteResponse | null>(null);
  // Until the profile says an AI model makes the quotes, nothing here claims one looks at the photos.
  const withAi = profile?.instantQuotes === 'ai-model';

  const photoInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const fields = useRef(new Map<ContactField, HTMLInputElement | HTMLTextAreaElement>());
  // Focus moves in the commit that carries the request, once fields disabled while busy are
  // enabled again. (State, not a ref: an earlier commit's effects may still be pending.)
  const [focusRequest, setFocusRequest] = useState<{ focus: () => void } | null>(null);
  const focusAfterRender = (focus: () => void) => setFocusRequest({ focus });
  useEffect(() => {
    focusRequest?.focus();
  }, [focusRequest]);

  const focusField = (field: ContactField) => fields.current.get(field)?.focus();

  const changeContact = (field: ContactField, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  /** Shows each refusal at its field and focuses the first; says how many it could place. */
  const showRefusals = (refusals: Record<string, string>) => {
    const { photos: refusedPhoto, ...rest } = refusals;
    // The server's words (English) in the page's language; the page's own are already.
    const photoProblem = refusedPhoto && saidInPageLanguage(refusedPhoto, 'common.problem.other');
    const contactErrors = Object.fromEntries(Object.entries(rest).filter(([key]) => isContactField(key)));
    if (photoProblem) selected.setProblems([photoProblem]);
    setFieldErrors(contactErrors);
    const first = CONTACT_FIELDS.find((field) => field in contactErrors);
    if (first) focusAfterRender(() => focusField(first));
    else if (photoProblem) focusAfterRender(() => photoInput.current?.focus());
    const placed = Object.keys(contactErrors).length + (photoProblem ? 1 : 0);
    return { placed, all: placed === Object.keys(refusals).length };
  };

  const finish = (outcome: QuoteUploadOutcome) => {
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'quoted') {
      focusAfterRender(() => resultHeading.current?.focus());
      setAnswer(outcome.response);
      showToast({ title: t('quoteResult.generated'), text: t('quoteResult.generatedText'), tone: 'success' });
      return;
    }
    const shown = outcome.kind === 'refused' ? showRefusals(outcome.fields) : { placed: 0, all: false };
    if (shown.all) return;
    // A refusal the form has no field for is still a failed upload, not silence.
    const text =
      outcome.kind === 'failed' && outcome.message
        ? saidInPageLanguage(outcome.message, 'quoteTool.uploadFailedText')
        : t('quoteTool.uploadFailedText');
    showToast({ title: t('quoteTool.uploadFailed'), text, tone: 'error' });
    if (!shown.placed) focusAfterRender(() => submitButton.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (selected.photos.length === 0) {
      showToast({
        title: t('quoteTool.photosRequired'),
        text: saidInPageLanguage(PHOTOS_REQUIRED.message),
        tone: 'error',
      });
      photoInput.current?.focus();
      return;
    }
    const missing = (['name', 'phone'] as const).find((field) => !contact[field].trim());
    if (missing) {
      showToast({
        title: t('quoteTool.contactRequired'),
        text: saidInPageLanguage(CONTACT_REQUIRED.message),
        tone: 'error',
      });
      focusField(missing);
      return;
    }
    // The server's rule (the contract's), said before the photos go up rather than after.
    if (!isPhoneNumber(contact.phone.trim())) {
      setFieldErrors({ phone: CONTACT_MESSAGES.phone });
      focusField('phone');
      return;
    }
    setFieldErrors({});
    selected.setProblems([]);
    const trimmed = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, contact[field].trim()]));
    // Fetched while the photos are shrunk; a failed fetch is an unreachable server, said as one.
    const sendingLoaded = loadSending().catch(() => null);
    const result = await upload.send(
      selected.photos.map((photo) => photo.file),
      async (ready, reporting): Promise<QuoteUploadOutcome> => {
        const loaded = await sendingLoaded;
        if (!loaded) return { kind: 'failed', status: 0 };
        return loaded.uploadQuote({
          photos: ready,
          // The consent line travels only when ticked, as the forms send it.
          customerInfo: {
            ...(trimmed as ContactDetails),
            ...(textConsent ? { textConsent: true } : {}),
            // Only the services ticked are priced; none ticked, the notes say what.
            ...(services.length ? { services } : {}),
          },
          ...reporting,
        });
      },
    );
    if (!result.sent) {
      selected.setProblems(result.refusals);
      focusAfterRender(() => photoInput.current?.focus());
      return;
    }
    finish(result.outcome);
  };

  const startOver = () => {
    selected.clear();
    setContact(EMPTY_CONTACT);
    setTextConsent(false);
    setFieldErrors({});
    upload.clearProgress();
    focusAfterRender(() => photoInput.current?.focus());
    setAnswer(null);
  };

  return (
    <div className={`quote-tool${compact ? ' quote-tool--compact' : ''}`}>
      <h1>{t('quoteTool.title')}</h1>
      {answer && sending ? (
        <sending.QuoteResult
          quote={answer.quote}
          measured={answer.provider !== 'local-estimate'}
          profile={profile}
          compact={compact}
          onAnotherQuote={startOver}
          headingRef={resultHeading}
        />
      ) : (
        <>
          <p className="intro">
            {t(
              compact
                ? 'quoteTool.intro.compact'
                : withAi
                  ? 'quoteToolPage.intro.ai'
                  : 'quoteToolPage.intro.rough',
            )}
          </p>
          <form className="quote-form" noValidate onSubmit={submit} aria-busy={busy}>
            <fieldset className="quote-form__group">
              <legend>{t(compact ? 'quoteTool.photos.compact' : 'quoteToolPage.photos')}</legend>
              <PhotoPicker
                photos={selected.photos}
                problems={selected.problems}
                disabled={busy}
                onAdd={selected.add}
                onRemove={selected.remove}
                inputRef={photoInput}
              />
            </fieldset>
            <ServicePicker picked={services} disabled={busy} onChange={setServices} />
            <fieldset className="quote-form__group">
              <legend>{t(compact ? 'quoteTool.contact.compact' : 'quoteToolPage.contact')}</legend>
              <ContactFields
                values={contact}
                errors={fieldErrors}
                disabled={busy}
                compact={compact}
                onChange={changeContact}
                registerField={(field, element) => {
                  if (element) fields.current.set(field, element);
                  else fields.current.delete(field);
                }}
              />
              <TextConsentLine
                id="quote-textConsent"
                checked={textConsent}
                disabled={busy}
                onChange={setTextConsent}
              />
            </fieldset>
            {busy && (
              <UploadProgress
                phase={phase}
                progress={progress}
                processingText={t(withAi ? 'common.upload.analyzing' : 'common.upload.estimating')}
              />
            )}
            <button ref={submitButton} type="submit" className="quote-button" disabled={busy}>
              {t(busy ? (withAi ? 'quoteTool.analyzing' : 'quoteTool.estimating') : 'quoteTool.submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
