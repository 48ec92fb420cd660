import { societiesAdmin } from './societies';

/**
 * Texts the server writes: the detail sheets of 'Imprimir info' (admin §2) and the e-mails. Functions import this
 * file alone, so a bundle carries only these texts.
 */
export const detailPdf = {
  generatedOn: (date: string) => `Generado el ${date}`,
  enabled: 'Habilitado',
  disabled: 'Deshabilitado',
  yes: 'Sí',
  no: 'No',
  noUsers: 'Sin usuarios',
  noAdmins: 'Sin administradores',
  project: {
    title: (name: string) => `Proyecto ${name}`,
    id: 'ID',
    client: 'Cliente',
    associatedService: 'Descripción del servicio asociado',
    service: 'Descripción del servicio',
    created: 'Fecha de creación',
    state: 'Estado',
    portalUrl: 'URL del portal',
    ownSite: 'Sitio propio',
    contactEmail: 'Correo de contacto',
    contactPhone: 'Teléfono de contacto',
    groups: 'Grupos',
    noGroups: 'Sin grupos',
    admins: 'Administradores',
  },
  group: {
    /** The group's own name: 'Grupo Norte', never 'Grupo Grupo Norte'. */
    title: (name: string) => `${name}`,
    kind: 'Grupo de sociedades',
    id: 'ID',
    description: 'Descripción',
    project: 'Proyecto',
    state: 'Estado',
    created: 'Fecha de creación',
    societies: 'Sociedades',
    noSocieties: 'Sin sociedades',
    admins: 'Administradores',
    groupUsers: 'Usuarios de grupo',
    societyUsers: 'Usuarios de sociedad',
  },
  /** The same labels as the society detail screen (the PDF said Rubro/Módulo/Correo, the screen not). */
  society: {
    ...societiesAdmin.detail,
    id: 'ID',
    state: 'Estado',
  },
} as const;

export const mail = {
  // One form of address in every mail: tú, as the portal's screens.
  buttonFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
  invitation: {
    subject: (project: string) => `Invitación a ${project}`,
    title: (project: string) => `${project} te invita a su portal de clientes`,
    body: (project: string, role: string, days: number) => [
      `Te invitamos a crear tu cuenta en el portal de ${project} con el perfil "${role}".`,
      `El enlace es personal, sirve una sola vez y vence en ${days} días.`,
    ],
    action: 'Crear mi cuenta',
  },
  passwordReset: {
    subject: (project: string) => `Recuperación de contraseña - ${project}`,
    title: 'Recupera tu contraseña',
    body: (project: string, minutes: number) => [
      `Recibimos una solicitud para cambiar la contraseña de tu cuenta en el portal de ${project}.`,
      `El enlace sirve una sola vez y vence en ${minutes} minutos. Si no lo solicitaste, ignora este correo.`,
    ],
    action: 'Cambiar contraseña',
  },
  emailChange: {
    subject: (project: string) => `Confirma tu nuevo correo - ${project}`,
    title: 'Confirma tu nuevo correo',
    body: (project: string, hours: number) => [
      `Se solicitó usar esta dirección para ingresar al portal de ${project}.`,
      `El cambio se hará solo al confirmar. El enlace sirve una sola vez y vence en ${hours} horas. Si no lo esperabas, ignora este correo.`,
    ],
    action: 'Confirmar correo',
  },
  emailChangeNotice: {
    subject: (project: string) => `Solicitud de cambio de correo - ${project}`,
    title: 'Se solicitó cambiar el correo de tu cuenta',
    body: (project: string, maskedEmail: string) => [
      `Se pidió cambiar el correo con que ingresas al portal de ${project} por ${maskedEmail}.`,
      'Tu correo actual sigue siendo el de ingreso hasta que la nueva dirección confirme el cambio. Si no lo reconoces, avisa a tu administrador.',
    ],
    action: 'Ir al portal',
  },
  documentDigest: {
    subject: (project: string, count: number) =>
      count === 1 ? `Un documento nuevo en ${project}` : `${count} documentos nuevos en ${project}`,
    title: 'Documentos nuevos para ti',
    body: (name: string, project: string, count: number) => [
      `Hola ${name}:`,
      count === 1
        ? `${project} agregó un documento para ti en el portal:`
        : `${project} agregó ${count} documentos para ti en el portal:`,
    ],
    /** One line of the list: the document, its company and its folder. */
    item: (document: string, company: string, folder: string) => `${document} — ${company} — ${folder}`,
    more: (count: number) => (count === 1 ? 'y 1 documento más.' : `y ${count} documentos más.`),
    taxFolder: (form: string, year: number) => `${form} ${year}`,
    action: 'Ver mis documentos',
    unsubscribe: 'Recibes este resumen porque tienes acceso a documentos en el portal. Para dejar de recibirlo:',
    unsubscribeAction: 'Dejar de recibir este resumen',
  },
  /** The hourly notice of new messages in the conversations ('Mensajes'). */
  messageNotice: {
    subject: (project: string, count: number) =>
      count === 1 ? `Tienes un mensaje nuevo en ${project}` : `Tienes ${count} mensajes nuevos en ${project}`,
    title: 'Mensajes nuevos para ti',
    body: (name: string, project: string, count: number) => [
      `Hola ${name}:`,
      count === 1
        ? `Tienes un mensaje sin leer en las conversaciones de ${project} en el portal:`
        : `Tienes ${count} mensajes sin leer en las conversaciones de ${project} en el portal:`,
    ],
    /** One line of the list: the thread's subject, its company and how many messages wait. */
    item: (subject: string, company: string, unread: number) =>
      `${subject} — ${company} — ${unread === 1 ? '1 mensaje nuevo' : `${unread} mensajes nuevos`}`,
    more: (count: number) => (count === 1 ? 'y 1 conversación más.' : `y ${count} conversaciones más.`),
    action: 'Ver mis mensajes',
    why: 'Recibes este aviso, a lo más una vez por hora, porque participas en estas conversaciones. Si ya las leíste, no te volveremos a avisar de ellas. Para dejar de recibir estos avisos:',
    unsubscribeAction: 'Dejar de recibir avisos de mensajes',
  },
  /** A reminder of an open document request (functions/requests/send-request-reminders.ts). */
  requestReminder: {
    subject: (project: string, title: string) => `Recordatorio de ${project}: ${title}`,
    title: 'Tienes documentos pendientes',
    /** `days`: days to the due date (negative: days late). */
    body: (
      name: string,
      project: string,
      title: string,
      company: string,
      due: string,
      days: number,
      pending: number,
    ) => [
      `Hola ${name}:`,
      `${project} te solicitó documentos de ${company} («${title}»).`,
      days > 1
        ? `Vence el ${due}, en ${days} días.`
        : days === 1
          ? `Vence mañana, ${due}.`
          : days === 0
            ? `Vence hoy, ${due}.`
            : `Venció el ${due}, hace ${-days === 1 ? '1 día' : `${-days} días`}.`,
      pending === 1 ? 'Queda 1 documento por entregar.' : `Quedan ${pending} documentos por entregar.`,
    ],
    action: 'Ver la solicitud',
    unsubscribe:
      'Recibes este recordatorio porque tu empresa tiene una solicitud abierta en el portal. Para dejar de recibirlos:',
    unsubscribeAction: 'Dejar de recibir recordatorios',
  },
  /** A document request made to a company ('Solicitudes'), to its client users. */
  requestMade: {
    subject: (project: string, title: string) => `${project} te solicita documentos: ${title}`,
    title: 'Tienes una nueva solicitud de documentos',
    body: (name: string, project: string, company: string, due: string) => [
      `Hola ${name}:`,
      `${project} solicita estos documentos de ${company}, con plazo hasta el ${due}:`,
    ],
    item: (name: string, note: string | null) => (note ? `${name}: ${note}` : name),
    action: 'Ver la solicitud',
  },
  /** An item the firm returned with a comment, to the company's client users. */
  requestItemReturned: {
    subject: (project: string, item: string) => `${project} te devolvió «${item}»`,
    title: 'Un documento solicitado necesita cambios',
    body: (name: string, project: string, item: string, request: string, company: string, comment: string) => [
      `Hola ${name}:`,
      `${project} revisó «${item}» de la solicitud «${request}» de ${company} y te lo devolvió con este comentario:`,
      `«${comment}»`,
      'Sube el documento nuevamente o responde desde el portal.',
    ],
    action: 'Ver la solicitud',
  },
} as const;
