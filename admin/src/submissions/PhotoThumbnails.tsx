import { useState } from 'react';
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import type { Photo } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import './photo-thumbnails.css';

interface PhotoThumbnailsProps {
  photos: Photo[];
  customerName: string;
  /** At most this many thumbnails; the rest are counted ("+2"). */
  max?: number;
}

/** The customer's photos as thumbnails; a click opens the photo large. */
export function PhotoThumbnails({ photos, customerName, max = photos.length }: PhotoThumbnailsProps) {
  const api = useApi();
  const [open, setOpen] = useState<number | null>(null);
  const shown = photos.slice(0, max);
  const photo = open === null ? undefined : photos[open];
  const label = (i: number) => `Photo ${i + 1} of ${photos.length} from ${customerName}`;
  return (
    <>
      <ul className="submission-photos" aria-label={`Photos from ${customerName}`}>
        {shown.map((p, i) => (
          <li key={p.id}>
            <button type="button" className="submission-photos__thumb" onClick={() => setOpen(i)}>
              {/* Thumbnails are 480 px on the long edge: sharp enough, a fraction of the photo's bytes. */}
              <img src={`${api.baseUrl}${p.thumbnailUrl}`} alt={label(i)} loading="lazy" />
            </button>
          </li>
        ))}
        {photos.length > shown.length && (
          <li className="submission-photos__more">+{photos.length - shown.length}</li>
        )}
      </ul>
      <Dialog
        title={open === null ? '' : label(open)}
        isOpen={photo !== undefined}
        onClose={() => setOpen(null)}
        className="photo-viewer"
      >
        {photo && open !== null && (
          <DialogBody>
            <img
              className="photo-viewer__image"
              src={`${api.baseUrl}${photo.url}`}
              alt={`${label(open)}, full size`}
              width={photo.width}
              height={photo.height}
            />
            {photos.length > 1 && (
              <div className="photo-viewer__nav">
                <Button
                  icon="chevron-left"
                  text="Previous photo"
                  disabled={open === 0}
                  onClick={() => setOpen(open - 1)}
                />
                <Button
                  endIcon="chevron-right"
                  text="Next photo"
                  disabled={open === photos.length - 1}
                  onClick={() => setOpen(open + 1)}
                />
              </div>
            )}
          </DialogBody>
        )}
      </Dialog>
    </>
  );
}
