/** The sign-in page (portal §2): the only texts /login needs besides `errors`. */
export const login = {
  title: 'Bienvenido',
  brandedTitle: 'Ingresa a tu cuenta',
  email: 'Correo electrónico',
  emailPlaceholder: 'nombre@empresa.cl',
  password: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  passwordHidden: 'La contraseña está oculta',
  passwordShown: 'La contraseña está visible',
  submit: 'Ingresar',
  submitting: 'Ingresando...',
  forgotten: '¿Olvidaste tu contraseña?',
  remember: 'Recordarme',
  ssoDivider: 'O ingresa con',
  ssoMicrosoft: 'Ingresar con Microsoft',
  footer: (year: number, disclaimer: string) => `© ${year} ${disclaimer}`.trim(),
  logoAlt: (name: string) => `Logo de ${name}`,
} as const;
