import type { Messages } from "..";
import type { validation as en } from "../en/validation";

export const validation = {
  firstNameRequired: "El nombre es obligatorio",
  lastNameRequired: "El apellido es obligatorio",
  emailRequired: "El correo electrónico es obligatorio",
  emailInvalid: "El correo electrónico no es válido",
  passwordRequired: "La contraseña es obligatoria",
  passwordMin: "La contraseña debe tener al menos 8 caracteres",
  passwordUppercase: "La contraseña debe contener al menos una letra mayúscula",
  passwordNumber: "La contraseña debe contener al menos un número",
  passwordsDoNotMatch: "Las contraseñas no coinciden",
  termsRequired: "Debes aceptar los términos y condiciones",
  currentPasswordRequired: "La contraseña actual es obligatoria",
  newPasswordRequired: "La nueva contraseña es obligatoria",
  newPasswordMin: "La nueva contraseña debe tener al menos 8 caracteres",
  newPasswordUppercase: "La nueva contraseña debe contener al menos una letra mayúscula",
  newPasswordNumber: "La nueva contraseña debe contener al menos un número",
  tooLong: "Este valor es demasiado largo",
  categoryNameRequired: "El nombre de la categoría es obligatorio",
  categoryTypeInvalid: "El tipo debe ser gasto o ingreso",
  colorInvalid: "Elige uno de los colores ofrecidos",
  iconInvalid: "Elige uno de los iconos ofrecidos",
  tagNameRequired: "El nombre de la etiqueta es obligatorio",
} satisfies Messages<typeof en>;
