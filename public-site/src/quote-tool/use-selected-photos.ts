import { useCallback, useEffect, useRef, useState } from 'react';
import type { SelectedPhoto } from './PhotoPicker.tsx';
import { checkPhotoFiles, limitPhotos } from './photo-selection.ts';

/** The photos in the form, with previews whose object URLs are freed as photos leave it. */
export function useSelectedPhotos(max?: number) {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextId = useRef(0);
  // The list as of now, set with every change: checking a file's bytes takes a moment, and two
  // picks in a row must count each other's photos against the limit before either renders.
  const current = useRef(photos);
  const setList = useCallback((list: SelectedPhoto[]) => {
    current.current = list;
    setPhotos(list);
  }, []);
  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  const add = useCallback(
    async (files: File[]) => {
      const checked = await checkPhotoFiles(files);
      const { accepted, refusal } = limitPhotos(checked.photos, current.current.length, max);
      setProblems(refusal ? [...checked.refusals, refusal] : checked.refusals);
      if (!accepted.length) return;
      const added = accepted.map((file) => ({
        id: ++nextId.current,
        file,
        previewUrl: URL.createObjectURL(file),
      }));
      setList([...current.current, ...added]);
    },
    [max, setList],
  );

  const remove = useCallback(
    (photo: SelectedPhoto) => {
      URL.revokeObjectURL(photo.previewUrl);
      setList(current.current.filter((p) => p.id !== photo.id));
      setProblems([]);
    },
    [setList],
  );

  const clear = useCallback(() => {
    current.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
    setList([]);
    setProblems([]);
  }, [setList]);

  return { photos, problems, setProblems, add, remove, clear };
}
