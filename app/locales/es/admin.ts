import type { Messages } from "..";
import type { admin as en } from "../en/admin";

export const admin = {
  dashboard: {
    metaTitle: "Panel de administración",
    title: "Panel de administración",
    subtitle: "Gestiona los usuarios y la configuración del sistema.",
    userManagement: {
      title: "Gestión de usuarios",
      description: "Busca usuarios, cambia su rol y activa o desactiva cuentas.",
      open: "Gestionar usuarios",
    },
    systemSettings: {
      title: "Configuración del sistema",
      description: "Tasas de cambio, su actualización programada y monedas.",
      open: "Abrir configuración",
    },
    recentActivity: {
      title: "Actividad reciente",
      note: "Las funciones de administración son limitadas: todavía no se muestra aquí la actividad de todo el sistema.",
    },
  },
  users: {
    metaTitle: "Gestión de usuarios",
    title: "Gestión de usuarios",
    subtitle: "Todos los usuarios registrados.",
    back: "Volver al panel de administración",
    filters: "Filtrar usuarios",
    searchLabel: "Buscar por nombre o correo electrónico",
    searchPlaceholder: "Nombre o correo electrónico",
    clearSearch: "Limpiar búsqueda",
    roleLabel: "Rol",
    roles: { all: "Todos los roles", superadmin: "Administrador", user: "Usuario" },
    apply: "Aplicar",
    applying: "Filtrando…",
    tableCaption: "Usuarios",
    total: "Total: {{total}}",
    columns: {
      name: "Nombre",
      email: "Correo electrónico",
      role: "Rol",
      status: "Estado",
      joined: "Alta",
      actions: "Acciones",
    },
    status: { active: "Activo", inactive: "Inactivo", locked: "Inicio de sesión bloqueado" },
    you: "Tú",
    selfNoActions: "Tu propia cuenta no se puede cambiar aquí",
    actions: {
      makeSuperadmin: "Hacer administrador",
      makeUser: "Hacer usuario",
      deactivate: "Desactivar",
      reactivate: "Reactivar",
      unlock: "Desbloquear inicio de sesión",
      sendReset: "Enviar enlace para restablecer",
      working: "Guardando…",
      forUser: "{{action}}: {{name}}",
    },
    updated: "¡Usuario actualizado correctamente!",
    resetSent: "Se envió un enlace para restablecer la contraseña al correo del usuario. Es válido durante 60 minutos.",
    empty: "No se encontraron usuarios que coincidan con tu búsqueda",
  },
} satisfies Messages<typeof en>;
