/** The second factor (TOTP): the sign-in's code and enrolment, the firm's policy, the admin's reset. */
export const secondFactor = {
  codeTitle: 'Verificación en dos pasos',
  codeIntro: 'Ingresa el código de 6 dígitos que muestra tu aplicación de autenticación.',
  code: 'Código de verificación',
  verify: 'Verificar',
  verifying: 'Verificando...',
  trustDevice: 'Confiar en este dispositivo por 30 días',
  useRecovery: 'Usar un código de recuperación',
  useApp: 'Usar el código de la aplicación',
  recoveryIntro: 'Ingresa uno de los códigos de recuperación que guardaste al activar la verificación en dos pasos.',
  recovery: 'Código de recuperación',
  enrolTitle: 'Activa la verificación en dos pasos',
  enrolIntro:
    'Tu cuenta requiere un segundo paso al ingresar. Escanea este código QR con tu aplicación de autenticación ' +
    '(Google Authenticator, Microsoft Authenticator u otra) y luego ingresa el código de 6 dígitos que te muestra.',
  qrAlt: 'Código QR para tu aplicación de autenticación',
  secretLabel: '¿No puedes escanear? Ingresa esta clave en tu aplicación:',
  enrolLoading: 'Preparando tu código QR...',
  activate: 'Activar',
  recoveryTitle: 'Guarda tus códigos de recuperación',
  recoveryCodesIntro:
    'Si pierdes tu teléfono, cada uno de estos códigos te permite ingresar una sola vez. Guárdalos en un lugar ' +
    'seguro: no se volverán a mostrar.',
  recoveryListLabel: 'Códigos de recuperación',
  continue: 'Continuar',
  restart: 'Volver a ingresar con tu correo',
  required: 'Ingresa el código.',
  // The firm's policy (the project's edit screen, SUPER_ADMIN).
  policyLabel: 'Verificación en dos pasos obligatoria para',
  policies: { NONE: 'Nadie', ADMINS: 'Administradores', CLIENTS: 'Clientes', ALL: 'Todos' },
  // 'Mi perfil': turning it on oneself.
  profileIntro:
    'Al ingresar con tu contraseña, te pediremos además un código de tu aplicación de autenticación. Así, nadie ' +
    'podrá entrar a tu cuenta solo con tu contraseña.',
  profileEnrolIntro:
    'Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator u ' +
    'otra) y luego ingresa el código de 6 dígitos que te muestra.',
  profileActiveIntro: 'Cada vez que ingreses con tu contraseña te pediremos el código de tu aplicación.',
  cancel: 'Cancelar',
  done: 'Listo',
  // The user detail screen.
  statusLabel: 'Verificación en dos pasos',
  statusOn: 'Activa',
  statusOff: 'No activada',
  reset: 'Restablecer verificación en dos pasos',
  resetConfirm:
    '¿Restablecer la verificación en dos pasos de este usuario? Deberá activarla de nuevo en su próximo ingreso ' +
    'si su firma la exige.',
  resetDone: 'Verificación en dos pasos restablecida.',
} as const;
