/** Inline messages of names and passwords (portal §5, admin §5); e-mail, RUT and phone are under `validation`. */
export const personFields = {
  nameLength: 'Debe tener entre 3 y 100 caracteres.',
  nameFormat: 'Solo se permiten letras (con tildes) separadas por un espacio.',
  passwordRequired: 'La contraseña es obligatoria.',
  passwordRules:
    'La contraseña debe tener entre 8 y 100 caracteres, con al menos una mayúscula, una minúscula, un número y un símbolo.',
  passwordHint: 'Entre 8 y 100 caracteres, con mayúscula, minúscula, número y símbolo.',
  passwordsDiffer: 'Las contraseñas deben ser iguales',
} as const;

/** Inline field messages (admin-area §5, portal §5); shared by every admin form. */
export const validation = {
  rut: 'El RUT no es válido',
  url: 'Debes ingresar una URL válida',
  emailRequired: 'El email es obligatorio.',
  // The spec quotes 'El email debe tener el siguiente formato {email}': {email} stands for an example address.
  emailFormat: 'El email debe tener el siguiente formato nombre@dominio.cl',
  emailLength: 'El email es muy largo (maximo 100 caracteres).',
  phone: 'El teléfono debe tener solo dígitos, con un + inicial opcional (máximo 15 caracteres).',
  tooLong: (max: number) => `Máximo ${max} caracteres.`,
  color: 'El color debe tener el formato #rrggbb.',
  image: 'El archivo debe ser una imagen de máximo 2 MB.',
} as const;
