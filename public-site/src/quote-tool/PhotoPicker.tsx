import { useEffect, useRef, useState, type DragEvent, type Ref } from 'react';
import { MAX_QUOTE_PHOTOS } from './quote-texts.ts';
import { t } from '../i18n/i18n.ts';

export interface SelectedPhoto {
  id: number;
  file: File;
  /** An object URL of the file, revoked when the photo leaves the form. */
  previewUrl: string;
}

interface PhotoPickerProps {
  photos: readonly SelectedPhoto[];
  /** Why files were refused, each naming its file. */
  problems: readonly string[];
  disabled: boolean;
  /** Checks the files' bytes before they join, hence a promise. */
  onAdd: (files: File[]) => Promise<void>;
  onRemove: (photo: SelectedPhoto) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The most photos the form takes (the quote tool's 5 unless told). */
  max?: number;
  /** Prefix of the element ids, unique per form on a page. */
  idPrefix?: string;
  /** The button's text, e.g. "Add Photos for Quote". */
  addLabel?: string;
}

export const PHOTO_INPUT_ID = 'quote-photos';

export function PhotoPicker({
  photos,
  problems,
  disabled,
  onAdd,
  onRemove,
  inputRef,
  max = MAX_QUOTE_PHOTOS,
  idPrefix = PHOTO_INPUT_ID,
  addLabel = t('common.photos.add'),
}: PhotoPickerProps) {
  const [dragging, setDragging] = useState(false);
  const full = photos.length >= max;
  const describedBy = [`${idPrefix}-hint`, problems.length ? `${idPrefix}-problems` : ''].join(' ').trim();

  // Photos chosen before the page's script took over (a slow phone) sit in the input with no change
  // event anyone saw: take them once, on the first render, so the visitor's choice is not lost.
  const takeEarlyFiles = useRef(onAdd);
  useEffect(() => {
    const input = document.getElementById(idPrefix);
    if (input instanceof HTMLInputElement && input.files?.length) {
      void takeEarlyFiles.current([...input.files]);
      input.value = '';
    }
  }, [idPrefix]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    // Dropped on a full list too: the photos not added are named, never dropped without a word.
    if (!disabled) void onAdd([...event.dataTransfer.files]);
  };

  return (
    <div className="quote-photos">
      <div
        className={`quote-photos__drop${dragging ? ' quote-photos__drop--dragging' : ''}${full || disabled ? ' quote-photos__drop--off' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={idPrefix}
          className="quote-photos__input"
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || full}
          aria-describedby={describedBy}
          aria-invalid={problems.length > 0 || undefined}
          onChange={(event) => {
            void onAdd([...(event.target.files ?? [])]);
            // Lets the visitor pick the same file again after removing it.
            event.target.value = '';
          }}
        />
        <label htmlFor={idPrefix} className="quote-photos__label">
          <svg className="quote-photos__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h3l2-2h6l2 2h3v12H4z" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span className="quote-photos__action">{addLabel}</span>
        </label>
        <p id={`${idPrefix}-hint`} className="quote-photos__hint">
          {t('common.photos.hint')}
          <span className="quote-photos__count">
            {' '}
            · {t('common.photos.count', { count: photos.length, max })}
          </span>
        </p>
      </div>
      {problems.length > 0 && (
        <ul id={`${idPrefix}-problems`} className="field-error quote-photos__problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {photos.length > 0 && (
        <ul className="quote-photos__list" aria-label={t('common.photos.selected')}>
          {photos.map((photo) => (
            <li key={photo.id} className="quote-photos__item">
              <PhotoPreview photo={photo} />
              <button
                type="button"
                className="quote-photos__remove"
                aria-label={t('common.photos.remove', { name: photo.file.name })}
                disabled={disabled}
                onClick={() => onRemove(photo)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A thumbnail, or the file's name where the browser cannot show the format (HEIC in most). */
function PhotoPreview({ photo }: { photo: SelectedPhoto }) {
  const [unviewable, setUnviewable] = useState(false);
  if (unviewable) {
    return (
      <span className="quote-photos__preview quote-photos__preview--name" title={photo.file.name}>
        {photo.file.name}
      </span>
    );
  }
  return (
    <img
      className="quote-photos__preview"
      src={photo.previewUrl}
      alt={photo.file.name}
      onError={() => setUnviewable(true)}
    />
  );
}
