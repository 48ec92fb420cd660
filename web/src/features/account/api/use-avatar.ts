import { patchUserProfile } from '@shared/contracts/users';
import { messagesForError } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/**
 * The profile picture: a chosen image shows as a preview until the user confirms (upload, multipart 'image') or
 * cancels. After a confirmed upload the page shows the new image.
 */
export function useAvatar(current: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

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
    setErrors([]);
    setDone(false);
  }

  function cancel() {
    setFile(null);
    setErrors([]);
  }

  async function confirm() {
    if (!file || saving) return;
    setSaving(true);
    setErrors([]);
    const body = new FormData();
    body.append('image', file);
    try {
      const answer = await api(patchUserProfile, { body });
      setSaved(answer.image);
      setFile(null);
      setDone(true);
    } catch (failure) {
      setErrors(messagesForError(failure));
    }
    setSaving(false);
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
