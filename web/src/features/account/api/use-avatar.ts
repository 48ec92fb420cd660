import { messagesForError } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
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
  // The upload's state is the mutation's (issue 9).
  const errors = upload.error ? messagesForError(upload.error) : [];
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
    setFile(chosen ?? null);
    upload.reset();
  }

  function cancel() {
    setFile(null);
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
