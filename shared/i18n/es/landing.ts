/** The public landing page (portal spec §1, §2 "Landing and support pages") and its contact modal. */
export const landing = {
  nav: 'Navegación del sitio',
  signIn: 'Ingresar',
  contact: 'Contacto',
  heroTitle: 'Tu contabilidad y tus reportes, en un solo portal',
  heroText:
    'Estados contables, reportes interactivos y documentos tributarios de tus empresas, disponibles en línea y con la seguridad que tu firma exige.',
  demoTitle: 'Agenda una demostración',
  demoText: 'Te mostramos el portal en 30 minutos, con los datos de ejemplo de una empresa como la tuya.',
  demoAction: 'Agendar demo',
  demoSubject: 'Quiero agendar una demostración',
  solutionTitle: 'Una solución en la nube',
  solutionText:
    'El portal funciona por completo en la nube: sin instalaciones, siempre actualizado y disponible desde cualquier dispositivo. Tus clientes ven su información apenas la firma la publica.',
  solutionImageAlt: 'Ilustración de una nube conectada a reportes y documentos',
  featuresTitle: 'Características',
  features: [
    {
      title: 'Estados contables en línea',
      text: 'Balance de 8 columnas, situación financiera, resultados y flujo de efectivo, en pesos o dólares y comparables entre períodos.',
    },
    {
      title: 'Indicadores consolidados',
      text: 'Reúne los indicadores de todas tus sociedades y grupos en una sola vista.',
    },
    { title: 'Modular', text: 'Activa reportes, contabilidad y documentos según lo que necesita cada cliente.' },
    {
      title: 'Documentos seguros',
      text: 'Carpetas por sociedad y enlaces para compartir que vencen y se revocan; cada cliente ve solo lo suyo.',
    },
    { title: 'Soporte en el portal', text: 'Tus clientes escriben a la firma desde el portal, sin buscar un correo.' },
    {
      title: 'SaaS en la nube',
      text: 'Servicio alojado en un proveedor de nube de clase mundial, con respaldo continuo.',
    },
  ],
  infoTitle: 'Información de interés',
  info: [
    {
      title: 'Calendario tributario',
      text: 'El F29 vence cada mes el día 12, o el 20 si emites facturas electrónicas; el F22 se declara en abril.',
    },
    {
      title: 'Indicadores económicos',
      text: 'Dólar observado, UF, euro, UTM e IPC actualizados a diario dentro del portal.',
    },
    {
      title: 'Seguridad de la información',
      text: 'Cada cliente ve solo lo suyo: accesos por proyecto, grupo y sociedad, con registro de actividad.',
    },
  ],
  footerSupport: 'Soporte',
  footerPhone: 'Teléfono',
  footerEmail: 'Correo',
  footerWrite: 'Escríbenos por el formulario de contacto',
  footerRights: (year: number, name: string) => `© ${year} ${name}`,
  heroImageAlt: 'Imagen de portada',
  contactTitle: 'Contáctanos',
  contactEmail: 'Correo electrónico',
  contactSubject: 'Asunto',
  contactDescription: 'Descripción',
  contactHint: 'Máximo 1024 caracteres',
  contactSend: 'Enviar',
  contactCancel: 'Cancelar',
  contactSent: 'Mensaje enviado. Te contactaremos a la brevedad.',
} as const;
