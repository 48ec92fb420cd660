/** The messaging-app link: the project's contact phone as a WhatsApp chat, when a phone is known. */
export function messagingLink(phone: string | null | undefined): string | undefined {
  const digits = phone?.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : undefined;
}
