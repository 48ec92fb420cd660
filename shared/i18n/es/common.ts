import { ROLE_LABELS } from '../../roles';

/** Texts every page may show: app frame, welcome and pending screens, the health probe, role labels. */
export const app = {
  /** Default document title when no project branding applies (the spec leaves the firm's name out). */
  title: 'Portal',
  loading: 'Cargando...',
  retry: 'Reintentar',
  goHome: 'Ir al inicio',
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'La página que buscas no existe o fue movida.',
  profileError: 'No fue posible cargar tu perfil.',
  crashTitle: 'Algo salió mal en esta página',
  crashText:
    'No pudimos mostrar esta página. Vuelve a intentarlo o ve al inicio; el resto del portal sigue funcionando.',
} as const;

export const welcome = {
  title: 'Bienvenido',
  text: 'Bienvenido a nuestro portal',
} as const;

export const pending = {
  text: 'Esta sección estará disponible próximamente.',
} as const;

/** The spec's own text for the public health page (portal §2); it is a monitoring probe, not a user screen. */
export const health = { ok: 'The App is Healthy' } as const;

/** Role labels live in shared/roles.ts (shared with the API); the catalogue re-exports them. */
export const roles = ROLE_LABELS;
