import type { Messages } from "..";
import type { verificationMail as en } from "../en/verification-mail";

export const verificationMail = {
  product: "Tallyworth",
  greeting: "Hola, {{name}}:",
  linkValid: "Este enlace es válido durante 7 días y se puede usar una sola vez.",
  notYou: "Si no fuiste tú, puedes ignorar este mensaje: nada cambia sin el enlace.",
  footer: "Tallyworth, finanzas personales en varias monedas",
  verify: {
    subject: "Confirma tu correo electrónico en Tallyworth",
    happened: "Creaste una cuenta de Tallyworth con esta dirección. Confirma que es tuya:",
    action: "Confirmar mi dirección",
  },
  change: {
    subject: "Confirma tu nuevo correo electrónico en Tallyworth",
    happened: "Pediste cambiar la dirección de tu cuenta de Tallyworth a {{email}}. Confirma la nueva dirección:",
    action: "Confirmar mi nueva dirección",
    keeps: "Hasta que la confirmes, sigues iniciando sesión con {{oldEmail}}.",
  },
  oldNotice: {
    subject: "Se está cambiando tu correo electrónico en Tallyworth",
    happened: "Alguien con sesión iniciada en tu cuenta de Tallyworth pidió cambiar su dirección a {{email}}.",
    keeps: "Tu dirección sigue siendo {{oldEmail}} hasta que se confirme la nueva con el enlace que le enviamos, válido durante 7 días.",
    notYou: "Si no fuiste tú, inicia sesión y cambia tu contraseña ahora; luego revisa tu perfil:",
    action: "Abrir mi perfil",
  },
} satisfies Messages<typeof en>;
