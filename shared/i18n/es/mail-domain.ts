/** A firm's own mail domain on the project's domain screen (functions/lib/mail-identity.ts). */
export const mailDomain = {
  title: 'Correo desde el dominio de la firma',
  intro:
    'Para que los correos de la firma salgan desde su propio dominio, crea estos registros CNAME en el DNS del dominio. La verificación puede tardar hasta 72 horas.',
  columns: { name: 'Nombre', type: 'Tipo', value: 'Valor' },
  status: {
    PENDING: 'Pendiente de verificación',
    VERIFIED: 'Verificado',
    FAILED: 'No verificado: revisa los registros DNS',
    TEMPORARY_FAILURE: 'Verificación con problemas temporales',
  },
  sender: (address: string) => `Los correos de la firma se envían desde ${address}.`,
  noSender: 'El envío de correos no está configurado en este despliegue.',
  refresh: 'Actualizar estado',
  checked: (when: string) => `Última revisión: ${when}`,
} as const;
