// Only the second factor's texts: the login's step and 'Mi perfil' both show these, each in its own chunk.
import * as es from '@shared/i18n/es/second-factor';
import { Text } from '@/components/ui/light/text';

const t = es.secondFactor;

/** The QR code of an otpauth:// URI as a data URL; the qrcode library loads only when an enrolment asks for it. */
export async function qrCodeOf(otpauthUri: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(otpauthUri, { margin: 1, width: 192 });
}

/** A new enrolment's QR code and its key in text, for an app that cannot scan. */
export function EnrolmentSecret({ secret, qr }: { secret: string; qr: string }) {
  return (
    <>
      <img src={qr} alt={t.qrAlt} width={192} height={192} style={{ alignSelf: 'center' }} />
      <Text>{t.secretLabel}</Text>
      <code data-testid="second-factor-secret" style={{ wordBreak: 'break-all', textAlign: 'center' }}>
        {secret}
      </code>
    </>
  );
}

/** The ten recovery codes, shown once right after the activation. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <>
      <Text>{t.recoveryCodesIntro}</Text>
      <ul aria-label={t.recoveryListLabel} style={{ columns: 2, fontFamily: 'monospace', fontSize: '1.05rem' }}>
        {codes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
