import { useCallback, useEffect, useRef, useState } from 'react';
import type { SelectedPhoto } from './PhotoPicker.tsx';
import { selectPhotos } from './photo-selection.ts';

/** The photos in the form, with previews whose object URLs are freed as photos leave it. */
export function useSelectedPhotos(max?: number) {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextId = useRef(0);
  // The latest list, for freeing every preview when the page goes away.
  const current = useRef(photos);
  useEffect(() => {
    current.current = photos;
  }, [photos]);
  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  const add = useCallback(
    (files: File[]) => {
      const { accepted, refusals } = selectPhotos(files, current.current.length, max);
      setProblems(refusals);
      if (!accepted.length) return;
      const added = accepted.map((file) => ({
        id: ++nextId.current,
        file,
        previewUrl: URL.createObjectURL(file),
      }));
      setPhotos((list) => [...list, ...added]);
    },
    [max],
  );

  const remove = useCallback((photo: SelectedPhoto) => {
    URL.revokeObjectURL(photo.previewUrl);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
    setProblems([]);
  }, []);

  const clear = useCallback(() => {
    current.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
    setPhotos([]);
    setProblems([]);
  }, []);

  return { photos, problems, setProblems, add, remove, clear };
}
