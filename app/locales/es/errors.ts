import type { Messages } from "..";
import type { errors as en } from "../en/errors";

export const errors = {
  invalidCredentials: "Correo electrónico o contraseña no válidos",
  loginFailed: "Ocurrió un error al iniciar sesión",
  emailExists: "El correo electrónico ya existe",
  registrationFailed: "Ocurrió un error durante el registro",
  tooManyAttempts: "Demasiados intentos. Espera {{seconds}} segundos e inténtalo de nuevo.",
  unauthorized: "Se requiere autenticación",
  invalidToken: "Token no válido o caducado",
  forbidden: "No tienes permiso para hacer eso",
  notFound: "No encontrado",
  unsupportedMediaType: "El cuerpo de la solicitud debe ser JSON",
  validationFailed: "La validación falló",
  internal: "Error interno del servidor",
  failedToUpdateProfile: "No se pudo actualizar el perfil",
  failedToChangePassword: "No se pudo cambiar la contraseña",
  currentPasswordWrong: "La contraseña actual es incorrecta",
  noUserData: "No hay datos de usuario disponibles",
  lastSuperadmin: "El último superadministrador activo no puede ser degradado ni desactivado",
  cannotChangeSelf: "No puedes cambiar tu propio rol o estado aquí",
} satisfies Messages<typeof en>;
