import { s3 } from './aws/s3';
import { GetObjectCommand } from './aws/s3-commands';
import { config } from './config';
import type { MailImage } from './email';
import { logger } from './logger';

/** Logos larger than this are left out (the wizard caps images at 2 MB; a mail or a statement should stay light). */
const MAX_LOGO_BYTES = 300 * 1024;

/**
 * The firm's logo, read from the assets bucket: inline (cid:) in its mails, since a link would outlive neither a
 * presigned URL's credentials nor a mail client's image blocking, and drawn on its statements' PDFs. A missing or
 * unreadable logo leaves the mail or the PDF without one; it still goes.
 */
export async function firmLogo(key: string | null | undefined): Promise<MailImage | null> {
  if (!key) return null;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: config.assetsBucket, Key: key }));
    const data = Buffer.from(await object.Body.transformToByteArray());
    if (data.length === 0 || data.length > MAX_LOGO_BYTES) return null;
    return { data, contentType: object.ContentType ?? 'image/png', fileName: key.split('/').pop() ?? 'logo' };
  } catch (error) {
    logger.warn('Firm logo not read', { reason: (error as Error).name });
    return null;
  }
}
