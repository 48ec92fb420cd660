import { ADMIN_MENU, ROLE_LABELS } from '../roles';

/**
 * THE catalogue: every text a user of the portal sees, in Spanish, and the map from API error codes to the spec's
 * messages (portal §8, admin §8). Texts quoted by the spec are copied verbatim, typos included ('salío', 'exito').
 * Role labels and admin menu labels live in shared/roles.ts (shared with the API) and are re-exported here, so the
 * SPA reads every text from this one module.
 */

/** 300 → '5:00', 59 → '0:59'. Rounds up so a lock is never shown shorter than it is; negatives count as 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

const GENERIC = '¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.';
const INVALID_LOGIN = '¡Vaya! El correo y/o contraseña no son válidos.';
const EXPIRED_LINK = 'Este link se encuentra expirado, solicite uno nuevo.';

export const es = {
  app: {
    /** Default document title when no project branding applies (the spec leaves the firm's name out). */
    title: 'Portal',
    loading: 'Cargando...',
    retry: 'Reintentar',
    goHome: 'Ir al inicio',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La página que buscas no existe o fue movida.',
    profileError: 'No fue posible cargar tu perfil.',
  },
  welcome: {
    title: 'Bienvenido',
    text: 'Bienvenido a nuestro portal',
  },
  login: {
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
    ssoSoon: 'Próximamente',
    footer: (year: number, disclaimer: string) => `© ${year} ${disclaimer}`.trim(),
    logoAlt: (name: string) => `Logo de ${name}`,
  },
  session: {
    inactivity: 'Sesión terminada por inactividad',
    security: 'Por seguridad estamos cerrando sesión.',
  },
  topBar: {
    logo: 'Ir al inicio',
    back: 'Volver',
    help: 'Ayuda',
    messaging: 'Escríbenos por WhatsApp',
    ticket: 'Ticket de soporte',
    notifications: 'Notificaciones',
    noNotifications: 'No hay notificaciones',
    fileAdded: 'Archivo añadido',
    userMenu: 'Menú de usuario',
    changePassword: 'Cambiar contraseña',
    signOut: 'Cerrar sesión en el portal',
  },
  sidebar: {
    navigation: 'Navegación principal',
    adminNavigation: 'Navegación de administración',
    home: 'Inicio',
    reports: 'Mis reportes',
    noReports: 'No tienes reportes asignados',
    accounting: 'Contabilidad',
    noAccounting: 'No tienes estados contables asignados',
    documents: 'Documentos',
    support: 'Soporte',
    userInfo: 'Mi perfil',
    adminPanel: 'Panel de administración',
    adminModules: 'Modulos',
    backToPortal: 'Volver al portal',
    collapse: 'Contraer menú',
    expand: 'Expandir menú',
  },
  home: {
    greeting: (name: string) => `Hola ${name}`.trim(),
    welcome: 'Bienvenido a nuestro portal',
  },
  /** The spec's own text for the public health page (portal §2); it is a monitoring probe, not a user screen. */
  health: { ok: 'The App is Healthy' },
  pending: {
    text: 'Esta sección estará disponible próximamente.',
  },
  /** Titles of the pages later issues fill; each shows the pending text until then. */
  pages: {
    forgottenPassword: 'Recuperar contraseña',
    passwordReset: 'Restablecer contraseña',
    successEmail: 'Email enviado',
    successResetPass: 'Contraseña modificada con exito',
    successRegister: 'Cuenta registrada exitosamente',
    expiredToken: 'Link expirado',
    register: 'Registro',
    share: 'Documento compartido',
    chatbot: 'Asistente tributario y contable',
    support: 'Soporte',
    userInfo: 'Mi perfil',
    changePassword: 'Cambiar contraseña',
    reportView: 'Reporte',
    accounting: 'Contabilidad',
    documents: 'Documentos',
    adminProjects: 'Proyectos',
    adminProjectCreate: 'Crear proyecto',
    adminProjectEdit: 'Editar proyecto',
    adminProjectDetail: 'Detalle del proyecto',
    adminGroups: 'Grupos sociedad',
    adminGroupCreate: 'Crear grupo sociedad',
    adminGroupEdit: 'Editar grupo sociedad',
    adminGroupDetail: 'Detalle del grupo sociedad',
    adminSocieties: 'Sociedades',
    adminSocietyCreate: 'Crear sociedad',
    adminSocietyEdit: 'Editar sociedad',
    adminSocietyDetail: 'Detalle de la sociedad',
    adminUsers: 'Usuarios',
    adminUserInvite: 'Invitar usuario',
    adminUserImport: 'Importar usuarios',
    adminUserEdit: 'Editar usuario',
    adminUserDetail: 'Detalle del usuario',
    adminReports: 'Reportes',
    adminReportCreate: 'Crear reporte',
    adminReportEdit: 'Editar reporte',
    adminReportDetail: 'Detalle del reporte',
    adminAccounting: 'Contabilidad',
    adminAccountingCreate: 'Asignar reporte',
    adminAccountingEdit: 'Editar asignación',
    adminAccountingDetail: 'Detalle de la asignación',
    adminDocuments: 'Administración de documentos',
    adminTemplateFolders: 'Carpetas plantilla',
  },
  /** Inline messages of names and passwords (portal §5, admin §5); e-mail, RUT and phone are under `validation`. */
  personFields: {
    nameLength: 'Debe tener entre 3 y 100 caracteres.',
    nameFormat: 'Solo se permiten letras (con tildes) separadas por un espacio.',
    passwordRequired: 'La contraseña es obligatoria.',
    passwordRules:
      'La contraseña debe tener entre 8 y 100 caracteres, con al menos una mayúscula, una minúscula, un número y un símbolo.',
    passwordHint: 'Entre 8 y 100 caracteres, con mayúscula, minúscula, número y símbolo.',
    passwordsDiffer: 'Las contraseñas deben ser iguales',
  },
  /** Guest account pages and the signed-in account pages (portal §2). */
  account: {
    goToLogin: 'Ir a inicio de sesión',
    backToLogin: 'Volver al inicio de sesión',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    rut: 'RUT (opcional)',
    rutPlaceholder: '12345678-5',
    phone: 'Teléfono (opcional)',
    phonePlaceholder: '+56912345678',
    email: 'Correo electrónico',
    emailPlaceholder: 'nombre@empresa.cl',
    password: 'Contraseña',
    newPassword: 'Nueva contraseña',
    currentPassword: 'Contraseña actual',
    passwordConfirmation: 'Confirmar contraseña',
    showPassword: 'Mostrar contraseña',
    passwordHidden: 'La contraseña está oculta',
    passwordShown: 'La contraseña está visible',
    register: {
      title: 'Registro',
      checking: 'Verificando invitación...',
      intro: (email: string, role: string) => `Completa tus datos para activar la cuenta ${email} (${role}).`,
      submit: 'Finalizar registro',
      submitting: 'Registrando...',
    },
    successRegister: {
      title: 'Cuenta registrada exitosamente',
      text: 'Ya puedes ingresar al portal con tu correo y tu contraseña.',
    },
    expiredToken: { title: 'Link expirado', text: EXPIRED_LINK },
    /** The link of an e-mail change (issue 8): the new address becomes the login only here. */
    confirmEmail: {
      title: 'Confirmar nuevo correo',
      text: 'Confirma que desde ahora ingresarás al portal con esta dirección de correo.',
      submit: 'Confirmar correo',
      submitting: 'Confirmando...',
      doneTitle: 'Correo confirmado',
      doneText: 'Tu nuevo correo ya es el de ingreso al portal. Usa tu misma contraseña.',
    },
    forgotten: {
      title: 'Recuperar contraseña',
      text: 'Ingresa tu correo y te enviaremos un link para crear una nueva contraseña.',
      submit: 'Enviar',
      submitting: 'Enviando...',
    },
    successEmail: {
      title: 'Email enviado',
      text: 'Revisa tu bandeja de entrada: te enviamos un link para crear una nueva contraseña.',
    },
    reset: {
      title: 'Restablecer contraseña',
      checking: 'Verificando link...',
      text: 'Escribe tu nueva contraseña.',
      submit: 'Cambiar contraseña',
      submitting: 'Guardando...',
    },
    successReset: {
      title: 'Contraseña modificada con exito',
      text: 'Ya puedes ingresar con tu nueva contraseña.',
    },
    changePassword: {
      title: 'Cambiar contraseña',
      submit: 'Cambiar contraseña',
      submitting: 'Guardando...',
      success: 'Contraseña modificada con exito',
      // The change ends every session (issue 8), this one included.
      signInAgain: 'Contraseña modificada con éxito. Por seguridad, inicia sesión con tu nueva contraseña.',
      goToProfile: 'Ir a mi perfil',
    },
    userInfo: {
      title: 'Mi perfil',
      name: 'Nombre',
      phone: 'Teléfono',
      email: 'Email',
      role: 'Rol',
      position: 'Cargo',
      empty: '-',
      avatarAlt: (name: string) => `Foto de ${name}`,
      chooseImage: 'Cambiar foto',
      confirmImage: 'Confirmar',
      cancelImage: 'Cancelar',
      savingImage: 'Guardando...',
      imageSaved: 'Foto actualizada',
      changePassword: 'Cambiar contraseña',
      projects: 'Proyectos',
      groups: 'Grupos',
      societies: 'Sociedades',
      noItems: 'Sin elementos',
      partial: (shown: number, total: number) => `Mostrando ${shown} de ${total}`,
    },
  },
  /** Users admin (admin-area §2 to §8): list with pending invitations, detail, edit, invite, CSV import. */
  usersAdmin: {
    title: 'Usuarios',
    searchLabel: 'Buscar usuario',
    importButton: 'Importar',
    inviteButton: 'Invitar',
    filters: 'Filtros',
    project: 'Proyecto',
    allProjects: 'Todos los proyectos',
    group: 'Grupo',
    allGroups: 'Todos los grupos',
    society: 'Sociedad',
    allSocieties: 'Todas las sociedades',
    role: 'Rol',
    allRoles: 'Todos los roles',
    ordering: 'Ordenar por',
    orderings: {
      '': 'Ultima edicion',
      first_name: 'Nombre (A-Z)',
      '-first_name': 'Nombre (Z-A)',
      last_name: 'Apellido (A-Z)',
      '-last_name': 'Apellido (Z-A)',
      email: 'Email (A-Z)',
      '-email': 'Email (Z-A)',
      '-is_active': 'Estado (habilitados primero)',
      is_active: 'Estado (deshabilitados primero)',
    },
    columns: { user: 'Usuario', role: 'Rol', status: 'Estado' },
    listLabel: 'Usuarios',
    empty: 'No hay usuarios para mostrar',
    deleteConfirm: '¿Estás seguro que deseas eliminar este usuario?',
    invitations: {
      title: 'Invitaciones pendientes',
      label: 'Invitaciones pendientes',
      pagination: 'Paginación de invitaciones',
      columns: { email: 'Email', role: 'Rol', sent: 'Enviado', days: 'Días', actions: 'Acciones' },
      days: (days: number) => (days === 1 ? '1 día' : `${days} días`),
      sendFailed: 'Envío fallido',
      resend: 'Reenviar',
      resending: 'Reenviando...',
      resent: 'Enviado',
      delete: 'Eliminar',
      deleteConfirm: '¿Estás seguro que deseas eliminar esta invitación?',
      empty: 'No hay invitaciones pendientes',
    },
    detail: {
      id: 'ID',
      name: 'Nombre',
      description: 'Descripción',
      rut: 'RUT',
      email: 'Email',
      phone: 'Teléfono',
      status: 'Estado',
      role: 'Rol',
      portalUser: 'Usuario portal',
      position: 'Cargo',
      projects: 'Proyectos',
      groups: 'Grupos',
      societies: 'Sociedades',
    },
    edit: {
      title: 'Editar usuario',
      submit: 'Guardar usuario',
      saved: 'Usuario guardado con éxito',
      goToList: 'Ir a usuarios',
    },
    fields: {
      first_name: 'Nombre',
      last_name: 'Apellidos',
      email: 'Email',
      rut_user: 'RUT',
      phone_number: 'Teléfono',
      position: 'Cargo',
      user_description: 'Descripción',
      user_magnus: 'Usuario portal',
      user_documentation: 'Acceso a documentos',
      user_role: 'Rol',
      project: 'Proyecto',
      projectFilter: 'Filtrar por proyecto',
      groupFilter: 'Filtrar por grupo',
      groups: 'Grupos',
      societies: 'Sociedades',
      file: 'Archivo CSV',
    },
    rutPlaceholder: '12345678-5',
    phonePlaceholder: '+56912345678',
    chooseRole: 'Selecciona un rol',
    chooseProject: 'Selecciona un proyecto',
    noTargets: 'Este rol no se asigna a proyectos, grupos ni sociedades.',
    invite: {
      title: 'Invitar usuario',
      submit: 'Invitar usuario',
      sending: 'Invitando...',
      done: 'Usuario invitado con éxito',
      goToList: 'Ir a usuarios',
      emailPlaceholder: 'nombre@empresa.cl',
    },
    import: {
      title: 'Importar usuarios',
      intro: 'Cada fila válida del archivo se convierte en una invitación, como si la enviaras desde el formulario.',
      formatTitle: 'Formato del archivo CSV',
      formatHeader: 'La primera fila debe ser el encabezado:',
      columns: [
        ['email', 'correo de la persona (obligatorio)'],
        ['first_name', 'nombre'],
        ['last_name', 'apellidos'],
        ['rut_user', 'RUT con guion y dígito verificador (opcional)'],
        ['user_role', 'rol: SUPER_ADMIN, PROJECT_ADMIN, GROUP_ADMIN, USER_GROUP o USER_SOCIETY'],
        ['project', 'nombre del proyecto'],
        ['group', 'nombre del grupo; varios separados por ;'],
        ['society', 'RUT de la sociedad; varios separados por ;'],
      ] as ReadonlyArray<readonly [string, string]>,
      download: 'Descargar ejemplo',
      exampleFile: 'usuarios-ejemplo.csv',
      submit: 'Importar usuarios',
      running: 'Importando usuarios, esto puede tardar unos segundos...',
      summary: (created: number, failed: number) =>
        `${created} ${created === 1 ? 'usuario invitado' : 'usuarios invitados'}, ${failed} ${failed === 1 ? 'fila con errores' : 'filas con errores'}.`,
      resultLabel: 'Resultado de la importación',
      columnsResult: { row: 'Fila', email: 'Email', status: 'Resultado', errors: 'Errores' },
      created: 'Creado',
      failed: 'Con errores',
      done: 'Usuarios creados con éxito',
      goToList: 'Ir a usuarios',
    },
  },
  /**
   * Shared admin building blocks (web/src/components/admin): list frame, table actions, pager, page size, wizard,
   * confirmations, unsaved-changes guard, IDs. Used by every admin screen.
   */
  adminUi: {
    home: 'Inicio',
    breadcrumb: 'Ruta de navegación',
    search: 'Buscar',
    searchPlaceholder: 'Buscar...',
    create: '+ Crear',
    filters: 'Filtros',
    pageSize: 'Mostrar',
    pagination: 'Paginación',
    previousPage: 'Página anterior',
    nextPage: 'Página siguiente',
    page: (page: number) => `Página ${page}`,
    empty: 'No hay registros para mostrar',
    actions: 'Acciones',
    actionsFor: (name: string) => `Acciones de ${name}`,
    enable: 'Habilitar',
    disable: 'Deshabilitar',
    edit: 'Editar',
    delete: 'Eliminar',
    detail: 'Ver Detalle',
    enabled: 'Habilitado',
    disabled: 'Deshabilitado',
    reloading: 'Cambio realizado. La página se recargará en unos segundos...',
    deleteTitle: 'Eliminar',
    confirmDelete: 'Seguro',
    cancel: 'Cancelar',
    close: 'Cerrar',
    back: 'Atrás',
    next: 'Siguiente',
    steps: 'Pasos del formulario',
    stepOf: (step: number, total: number) => `Paso ${step} de ${total}`,
    requiredNote: 'Campos obligatorios',
    leaveTitle: 'Abandonar formulario',
    leaveConfirm: '¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.',
    leave: 'Abandonar',
    stay: 'Permanecer',
    id: 'ID',
    copyId: 'Copiar ID',
    copied: 'ID copiado',
    printInfo: 'Imprimir info',
    saving: 'Guardando...',
    none: '-',
    noItems: 'Sin elementos',
    noOptions: 'No hay opciones disponibles',
    selected: (count: number) => (count === 1 ? '1 seleccionado' : `${count} seleccionados`),
    loadError: 'No fue posible cargar la información.',
    status: 'Estado',
    createdAt: 'Fecha de creación',
    yes: 'Sí',
    no: 'No',
    chooseFile: 'Subir archivo',
    fileAttached: 'Archivo adjunto',
    removeFile: 'Eliminar archivo',
  },
  /** Inline field messages (admin-area §5, portal §5); shared by every admin form. */
  validation: {
    rut: 'El RUT no es valido',
    url: 'Debes ingresar una URL válida',
    emailRequired: 'El email es obligatorio.',
    // The spec quotes 'El email debe tener el siguiente formato {email}': {email} stands for an example address.
    emailFormat: 'El email debe tener el siguiente formato nombre@dominio.cl',
    emailLength: 'El email es muy largo (maximo 100 caracteres).',
    phone: 'El teléfono debe tener solo dígitos, con un + inicial opcional (máximo 15 caracteres).',
    tooLong: (max: number) => `Máximo ${max} caracteres.`,
    color: 'El color debe tener el formato #rrggbb.',
    image: 'El archivo debe ser una imagen de máximo 2 MB.',
  },
  /** Projects admin (admin-area §2 to §5): list, wizard, detail. */
  projectsAdmin: {
    title: 'Proyectos',
    searchLabel: 'Buscar proyecto',
    columns: { name: 'Nombre', admins: 'Administradores', created: 'Fecha de creación', status: 'Estado' },
    deleteConfirm: '¿Estás seguro que deseas eliminar este proyecto?',
    createTitle: 'Crear proyecto',
    editTitle: 'Editar proyecto',
    steps: ['Datos principales', 'Login', 'Diseño'],
    submitCreate: 'Crear proyecto',
    submitEdit: 'Guardar proyecto',
    created: 'Proyecto creado con éxito',
    saved: 'Proyecto guardado con éxito',
    goToList: 'Ir a proyectos',
    fields: {
      project_name: 'Nombre del proyecto',
      client_name: 'Nombre del cliente',
      associated_service_description: 'Descripción del servicio asociado',
      service_description: 'Descripción del servicio',
      meta_title: 'Título del sitio',
      meta_content: 'Descripción del sitio',
      admin: 'Administradores del proyecto',
      url_own_site: 'URL del sitio propio',
      custom_portal_url: 'URL del portal',
      contact_email: 'Email de contacto',
      contact_phone: 'Teléfono de contacto',
      header_title: 'Título del encabezado',
      subtitle: 'Subtítulo',
      footer_disclaimer: 'Pie de página',
      primary_color: 'Color primario',
      secondary_color: 'Color secundario',
      logo: 'Logo',
      icon: 'Ícono',
      image: 'Imagen de fondo',
    },
    urlPlaceholder: 'https://',
    phonePlaceholder: '+56912345678',
    currentFile: 'Archivo actual',
    detail: {
      name: 'Nombre',
      client: 'Cliente',
      description: 'Descripción',
      groups: 'Grupos',
      admins: 'Administradores',
      noGroups: 'Sin grupos',
      noAdmins: 'Sin administradores',
    },
  },
  /** Society groups admin (admin-area §2 to §5). */
  groupsAdmin: {
    title: 'Grupos sociedad',
    searchLabel: 'Buscar grupo',
    columns: { name: 'Nombre', project: 'Proyecto', users: 'Usuarios', societies: 'Sociedades' },
    adminCount: (count: number) => (count === 1 ? '1 administrador' : `${count} administradores`),
    projectFilter: 'Proyecto',
    allProjects: 'Todos los proyectos',
    ordering: 'Ordenar por',
    orderings: { '': 'Ultima edicion', group_name: 'Nombre', enabled: 'Estado' },
    deleteConfirm: '¿Estás seguro que deseas eliminar este grupo?',
    createTitle: 'Crear grupo sociedad',
    editTitle: 'Editar grupo sociedad',
    submitCreate: 'Crear grupo',
    submitEdit: 'Guardar grupo',
    created: 'Grupo creado con éxito',
    saved: 'Grupo guardado con éxito',
    goToList: 'Ir a grupos',
    fields: {
      group_name: 'Nombre del grupo',
      group_description: 'Descripción del grupo',
      project: 'Proyecto',
      admin: 'Administradores del grupo',
      user: 'Usuarios del grupo',
    },
    chooseProject: 'Selecciona un proyecto',
    chooseProjectFirst: 'Selecciona un proyecto para ver los usuarios disponibles',
    detail: {
      description: 'Descripción',
      project: 'Proyecto',
      societies: 'Sociedades',
      admins: 'Administradores',
      groupUsers: 'Usuarios de grupo',
      societyUsers: 'Usuarios de sociedad',
    },
  },
  /** Societies admin (admin-area §2 to §5). */
  societiesAdmin: {
    title: 'Sociedades',
    searchLabel: 'Buscar sociedad',
    columns: { name: 'Nombre', rut: 'Rut', project: 'Proyecto' },
    projectFilter: 'Proyecto',
    groupFilter: 'Grupo',
    allProjects: 'Todos los proyectos',
    allGroups: 'Todos los grupos',
    deleteConfirm: '¿Estás seguro que deseas eliminar esta Sociedad?',
    createTitle: 'Crear sociedad',
    editTitle: 'Editar sociedad',
    steps: ['Datos principales', 'Contacto'],
    submitCreate: 'Crear sociedad',
    submitEdit: 'Guardar sociedad',
    created: 'Sociedad creada con éxito',
    saved: 'Sociedad guardada con éxito',
    goToList: 'Ir a sociedad',
    fields: {
      society_business_name: 'Razón social',
      society_rut: 'RUT',
      business_line: 'Giro',
      company_code: 'Código de empresa',
      industry_type: 'Industria',
      society_email: 'Email de la sociedad',
      currency: 'Moneda',
      project: 'Proyecto',
      group: 'Grupo',
      user: 'Usuarios de la sociedad',
      society_contact_name: 'Nombre de contacto',
      society_phone_number: 'Teléfono',
      society_address: 'Dirección',
      society_contact_email: 'Email de contacto',
      tax_module: 'Panel tributario',
    },
    rutPlaceholder: '12345678-9',
    chooseProject: 'Selecciona un proyecto',
    chooseGroup: 'Selecciona un grupo',
    chooseIndustry: 'Selecciona una industria',
    chooseGroupFirst: 'Selecciona un grupo para ver los usuarios disponibles',
    detail: {
      businessLine: 'Giro',
      rut: 'RUT',
      companyCode: 'Código de empresa',
      address: 'Dirección',
      phone: 'Teléfono',
      contactEmail: 'Email de contacto',
      societyEmail: 'Email de la sociedad',
      currency: 'Moneda',
      group: 'Grupo',
      users: 'Usuarios de la sociedad',
      industry: 'Industria',
      taxModule: 'Panel tributario',
    },
  },
  /** Industries (admin-area §3, §5): managed from the societies screen by SUPER_ADMIN. */
  industriesAdmin: {
    open: 'Industrias',
    title: 'Industrias',
    name: 'Nombre de la industria',
    add: 'Agregar',
    rename: 'Renombrar',
    save: 'Guardar',
    fixed: 'Por defecto',
    deleteConfirm: '¿Estás seguro que deseas eliminar esta industria?',
    newLabel: 'Nueva industria',
  },
  roles: ROLE_LABELS,
  adminMenu: ADMIN_MENU,
  errors: {
    generic: GENERIC,
    invalidLogin: INVALID_LOGIN,
    tooManyAttempts: (remainingSeconds: number) =>
      `Demasiados intentos. Por favor, espere ${formatMinutesSeconds(remainingSeconds)}.`,
    expiredLink: EXPIRED_LINK,
    invitationExists: 'Usuario ya invitado y/o registrado',
    userIsAdmin: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
    societyGroupConflict:
      'Existe un conflicto en el cambio de grupo, causado por los archivos asociados en el gestor de documentos',
    templateFolderNotEmpty:
      'La carpeta plantilla posee archivos dentro para alguna de sus variantes, para eliminar por favor borre esos archivos.',
    field: {
      required: (field: string) => `Oops! Este campo es obligatorio, por favor complete ${field}`,
      format: (field: string) => `Error en formato de ${field}`,
      length: (field: string) => `Error en largo de ${field}`,
      blank: (field: string) => `Por favor complete ${field}`,
      sameData: 'Ya existe este nombre, por favor cambie',
      urlExists: 'La URL ingresada ya fue registrada',
    },
  },
} as const;

/** Wire codes (shared/errors.ts and the spec's §8) and their messages. Codes missing here get the generic message. */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_CREDENTIALS: INVALID_LOGIN,
  USER_DISABLED: INVALID_LOGIN,
  RUT_TAKEN: '¡Vaya! El rut ingresado ya se registró.',
  PROJECT_NAME_TAKEN: '¡Vaya! El nombre de proyecto ingresado ya se registró.',
  EMAIL_NOT_EXISTS: '¡Oops! El correo ingresado no está registrado.',
  USER_NOT_FOUND: '¡Oops! El correo ingresado no está registrado.',
  PASSWORD_EXISTS: '¡Oops! La contraseña ingresada debe ser diferente de la actual.',
  ADMIN_ERROR: 'El administrador seleccionado ya se encuentra en otro proyecto',
  DATA_CONFLICT: 'Conflicto en los datos del formulario , revise si los campos se encuentran ingresados correctamente.',
  // The spec only says "similar, for parameters".
  DATA_CONFLICT_PARAMS:
    'Conflicto en los parámetros del formulario , revise si los parámetros se encuentran ingresados correctamente.',
  INVALID: 'Elección invalida de modulo, por favor escoja otro.',
  NOT_FOUNT: 'Grafico no encontrado',
  ACTION_NOT_ALLOWED: 'Acción no permitida, cambio no realizado',
  USER_ALREADY_INVITED: 'Usuario ya invitado y/o registrado',
  USER_IS_ADMIN: 'Este usuario no se puede eliminar ya que es administrador de algun proyecto,grupo o sociedad.',
  INVALID_TOKEN: EXPIRED_LINK,
  SAME_DATA: 'Ya existe este nombre, por favor cambie',
  URL_EXISTS: 'La URL ingresada ya fue registrada',
  // Hierarchy admin (projects, groups, societies, industries): deletions the API refuses, and a missing record.
  PROJECT_NOT_EMPTY: 'No es posible eliminar el proyecto porque aún tiene grupos asociados.',
  GROUP_NOT_EMPTY: 'No es posible eliminar el grupo porque aún tiene sociedades asociadas.',
  SOCIETY_HAS_USERS: 'No es posible eliminar la sociedad porque aún tiene usuarios asociados.',
  // Issue 8: one edit adds or removes at most about 45 members (a DynamoDB transaction holds 100 writes).
  TOO_MANY_CHANGES: 'Demasiados cambios en una sola edición, guarde los miembros en partes.',
  INDUSTRY_IN_USE: 'No es posible eliminar la industria porque hay sociedades que la usan.',
  NOT_FOUND: 'El registro solicitado no existe o fue eliminado.',
  // Sessions and access (issue 8): shown on the login page after the SPA signs the user out.
  SESSION_ENDED: 'Tu sesión terminó. Por favor, inicia sesión nuevamente.',
  PROJECT_DISABLED: 'El proyecto al que perteneces está deshabilitado. Contacta a tu administrador.',
  GROUP_DISABLED: 'El grupo al que perteneces está deshabilitado. Contacta a tu administrador.',
  WRONG_PASSWORD: 'La contraseña actual no es correcta.',
};

/** Spanish names of wire fields, used in the field messages ('... por favor complete {field}'). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: 'email',
  password: 'contraseña',
  password_confirmation: 'confirmación de contraseña',
  current_password: 'contraseña actual',
  first_name: 'nombre',
  last_name: 'apellidos',
  phone_number: 'numero de telefono',
  rut_user: 'RUT',
  position: 'cargo',
  subject: 'asunto',
  description: 'descripción',
  file_csv: 'archivo csv',
  file: 'archivo',
  folder_name: 'nombre de carpeta',
  document_name: 'nombre de documento',
  project_name: 'nombre de proyecto',
  client_name: 'nombre de cliente',
  associated_service_description: 'descripción del servicio asociado',
  service_description: 'descripción del servicio',
  meta_title: 'título del sitio',
  meta_content: 'descripción del sitio',
  url_own_site: 'URL del sitio propio',
  custom_portal_url: 'URL del portal',
  header_title: 'título del encabezado',
  footer_disclaimer: 'pie de página',
  contact_email: 'email de contacto',
  contact_phone: 'teléfono de contacto',
  primary_color: 'color primario',
  secondary_color: 'color secundario',
  group_name: 'nombre de grupo',
  group_description: 'descripción de grupo',
  society_business_name: 'razón social',
  society_rut: 'RUT',
  business_line: 'giro',
  company_code: 'código de empresa',
  industry_type: 'industria',
  industry: 'industria',
  society_email: 'email de sociedad',
  currency: 'moneda',
  society_contact_name: 'nombre de contacto',
  society_phone_number: 'teléfono de sociedad',
  society_address: 'dirección',
  society_contact_email: 'email de contacto',
  tax_module: 'panel tributario',
  project: 'proyecto',
  group: 'grupo',
  society: 'sociedad',
  user_role: 'rol',
  report_name: 'nombre de reporte',
  menu_name: 'nombre de menú',
  url: 'URL',
  module: 'módulo',
  // Hierarchy admin fields.
  subtitle: 'subtítulo',
  admin: 'administradores',
  user: 'usuarios',
  logo: 'logo',
  icon: 'ícono',
  image: 'imagen',
};

/** A field name in Spanish; an unknown wire name reads 'este campo' rather than leaking an English identifier. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? 'este campo';
}

/** One field code as a message (spec §5: a code *containing* REQUIRED counts as required). */
export function fieldErrorMessage(field: string, code: string): string {
  const label = fieldLabel(field);
  const messages = es.errors.field;
  if (code.includes('REQUIRED')) return messages.required(label);
  if (code === 'FORMAT_ERROR' || code === 'FORMAT_NOT_ALLOWED') return messages.format(label);
  if (code === 'ERROR_LENGTH') return messages.length(label);
  if (code === 'FIELD_BLANK') return messages.blank(label);
  if (code === 'SAME_DATA') return messages.sameData;
  if (code === 'URL_EXISTS') return messages.urlExists;
  return ERROR_MESSAGES[code] ?? GENERIC;
}

/** What the SPA knows of a failed call (web/src/lib/api-client.ts ApiError has this shape). */
export interface ErrorLike {
  status?: number;
  code?: string;
  errors?: Record<string, readonly string[]>;
  remaining_time?: number;
}

/**
 * Screens whose failures the spec words by status rather than by code. 'login' follows portal §8 exactly: 429 gives the
 * wait, 400 and 401 the invalid-credentials text, anything else the generic text.
 */
export type ErrorContext =
  | 'login'
  | 'invitation'
  | 'userDelete'
  | 'userUpdate'
  | 'societyGroupChange'
  | 'templateFolderDelete';

const CONTEXT_BY_STATUS: Record<Exclude<ErrorContext, 'login'>, { status: number; message: string }> = {
  invitation: { status: 400, message: es.errors.invitationExists },
  userDelete: { status: 409, message: es.errors.userIsAdmin },
  userUpdate: { status: 403, message: ERROR_MESSAGES.ACTION_NOT_ALLOWED as string },
  societyGroupChange: { status: 409, message: es.errors.societyGroupConflict },
  templateFolderDelete: { status: 400, message: es.errors.templateFolderNotEmpty },
};

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null && ('code' in error || 'status' in error);
}

/** Every line to show for a failure: the field messages of a 400, or the one message of the code. */
export function messagesForError(error: unknown, context?: ErrorContext): string[] {
  if (context !== 'login' && isErrorLike(error) && error.errors && !(error.code && ERROR_MESSAGES[error.code])) {
    const lines = Object.entries(error.errors).flatMap(([field, codes]) =>
      codes.map((code) => fieldErrorMessage(field, code)),
    );
    if (lines.length > 0) return [...new Set(lines)];
  }
  return [messageForError(error, context)];
}

/** The one Spanish message for a failed call. Unknown codes, network failures and non-API errors get the generic text. */
export function messageForError(error: unknown, context?: ErrorContext): string {
  if (!isErrorLike(error)) return GENERIC;
  const { status, code } = error;
  if (status === 429 || code === 'TOO_MANY_ATTEMPTS') return es.errors.tooManyAttempts(error.remaining_time ?? 0);
  // A right password of a member of a disabled project or group: say why, rather than 'invalid credentials'.
  if (context === 'login' && (code === 'PROJECT_DISABLED' || code === 'GROUP_DISABLED'))
    return ERROR_MESSAGES[code] as string;
  if (context === 'login') return status === 400 || status === 401 ? INVALID_LOGIN : GENERIC;
  if (code && ERROR_MESSAGES[code]) return ERROR_MESSAGES[code];
  if (context) {
    const rule = CONTEXT_BY_STATUS[context];
    if (rule.status === status) return rule.message;
  }
  if (error.errors) {
    const [field, codes] = Object.entries(error.errors)[0] ?? [];
    if (field && codes?.[0]) return fieldErrorMessage(field, codes[0]);
  }
  return GENERIC;
}
