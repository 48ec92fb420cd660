/** Microsoft sign-in: the firm's setting (project wizard, 'Inicio de sesión') and the user detail's ways in. */
export const microsoftSignIn = {
  modeLabel: 'Ingreso con Microsoft',
  modes: {
    OFF: 'Desactivado',
    TENANT: 'Solo cuentas del inquilino (tenant) de la firma',
    ANY: 'Cualquier cuenta de Microsoft',
  },
  tenantLabel: 'ID del inquilino (tenant) de Microsoft Entra ID',
  tenantPlaceholder: '00000000-0000-0000-0000-000000000000',
  tenantFormat: 'Ingresa el ID del inquilino tal como lo muestra Microsoft Entra ID (formato 8-4-4-4-12).',
  tenantHelp:
    'Solo ingresan las personas de ese inquilino cuyo correo sea de un dominio verificado por él, invitadas a este portal.',
  secondFactorLabel: 'Pedir también el código de verificación en dos pasos después de Microsoft',
  // The user detail: the last sign-in of each way in.
  waysTitle: 'Formas de ingreso',
  ways: { password: 'Contraseña', microsoft: 'Microsoft', passkey: 'Llave de acceso' },
  wayNever: 'nunca',
} as const;
