import { useBranding } from '@/lib/branding';
import { useSession } from '@/lib/session';

/** The messaging-app link: the project's contact phone as a WhatsApp chat, when a phone is known. */
export function messagingLink(phone: string | null | undefined): string | undefined {
  const digits = phone?.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : undefined;
}

/**
 * The firm's phone for a signed-in person: the branding of the address it came by, else (on the portal's generic
 * address, which no firm brands) the first of its own firms that has one.
 */
export function useFirmPhone(): string | null {
  const { site } = useBranding();
  const { profile } = useSession();
  if (site?.contact_phone) return site.contact_phone;
  const projects = (profile?.projects ?? []) as Array<{ contact_phone?: string | null }>;
  return projects.find((project) => project.contact_phone)?.contact_phone ?? null;
}
