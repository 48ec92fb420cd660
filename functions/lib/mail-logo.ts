import { s3 } from './aws/s3';
import { GetObjectCommand } from './aws/s3-commands';
import { config } from './config';
import type { MailImage } from './email';
import { logger } from './logger';

/** Logos larger than this are left out of the mail (the wizard caps images at 2 MB; a mail should stay light). */
const MAX_MAIL_LOGO_BYTES = 300 * 1024;

/**
 * The project's logo, read from the assets bucket to travel inside its mails (invitation, password reset, e-mail
 * change) as an inline image (issue 14: the mail had no logo). Inline (cid:), because a link would outlive neither a presigned URL's credentials nor a mail
 * client's image blocking. A missing or unreadable logo leaves the mail without one; the mail still goes.
 */
export async function mailLogo(key: string | null | undefined): Promise<MailImage | null> {
  if (!key) return null;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: config.assetsBucket, Key: key }));
    const data = Buffer.from(await object.Body.transformToByteArray());
    if (data.length === 0 || data.length > MAX_MAIL_LOGO_BYTES) return null;
    return { data, contentType: object.ContentType ?? 'image/png', fileName: key.split('/').pop() ?? 'logo' };
  } catch (error) {
    logger.warn('Mail logo not read', { reason: (error as Error).name });
    return null;
  }
}
