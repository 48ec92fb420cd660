import { es } from '@shared/i18n/es';
import { MAX_IMAGE_BYTES } from './constants';

/**
 * An image file of 2 MB at most (project logo, icon and image, a profile picture); no file passes. A file is not a
 * contract field the SPA can check with a schema (the API reads it from the multipart body), so this check is the
 * form's own.
 */
export function validateImage(file: File | null): string | undefined {
  if (!file) return undefined;
  return file.type.startsWith('image/') && file.size <= MAX_IMAGE_BYTES ? undefined : es.validation.image;
}
