import { invalidToken, type TokenKind, tokenOwner } from './data/tokens';
import { type MailPreference, setMailPreference } from './data/users';

/**
 * A scheduled mail's unsubscribe link (the document digest's, the request reminders', the message notices'): a random
 * token whose hash the table keeps (tokens.ts), written with the mail and not consumed, so a second click answers the
 * same; it turns that kind of mail off for its person. The SPA sends it on a click, never on opening the page (mail
 * scanners open links). 400 INVALID_TOKEN for a link unknown or expired, or whose account was deleted since.
 */
export async function unsubscribeByLink(kind: TokenKind, field: MailPreference, token: string): Promise<void> {
  const owner = await tokenOwner(kind, token);
  try {
    await setMailPreference(owner, field, false);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw invalidToken();
    throw error;
  }
}
