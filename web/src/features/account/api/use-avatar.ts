import { messagesForError } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { validateImage } from '@/components/admin/validate-image';
import { useUpdateUserProfile } from './update-profile';

/**
 * The profile picture: a chosen image shows as a preview until the user confirms (upload, multipart 'image') or
 * cancels. After a confirmed upload the page shows the new image.
 */
export function useAvatar(current: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const upload = useUpdateUserProfile();
  // A file that is not an image of 2 MB at most is refused here, before any upload.
  const [refused, setRefused] = useState<string | null>(null);
  // The upload's state is the mutation's.
  const errors = refused ? [refused] : upload.error ? messagesForError(upload.error) : [];
  const done = upload.isSuccess && saved !== null && file === null;
  const saving = upload.isPending;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(chosen: File | undefined) {
    upload.reset();
    const problem = chosen ? validateImage(chosen) : undefined;
    setRefused(problem ?? null);
    setFile(problem ? null : (chosen ?? null));
  }

  function cancel() {
    setFile(null);
    setRefused(null);
    upload.reset();
  }

  function confirm() {
    if (!file || saving) return;
    const body = new FormData();
    body.append('image', file);
    upload.mutate(body, {
      onSuccess: (answer) => {
        setSaved(answer.image);
        setFile(null);
      },
    });
  }

  return {
    image: preview ?? saved ?? current ?? undefined,
    pending: file !== null,
    errors,
    done,
    saving,
    choose,
    cancel,
    confirm,
  };
}
