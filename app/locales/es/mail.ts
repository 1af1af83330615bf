import type { Messages } from "..";
import type { mail as en } from "../en/mail";

export const mail = {
  frame: {
    product: "Tallyworth",
    greeting: "Hola, {{name}}:",
    greetingNoName: "Hola:",
    validFor: "Este enlace es válido durante {{duration}} y funciona una sola vez.",
    minutes_one: "{{count}} minuto",
    minutes_other: "{{count}} minutos",
    hours_one: "{{count}} hora",
    hours_other: "{{count}} horas",
    days_one: "{{count}} día",
    days_other: "{{count}} días",
    linkFallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
    footer: "Recibiste este mensaje por tu cuenta de {{product}}. Las respuestas a este correo no se leen.",
  },
  passwordReset: {
    subject: "Restablece tu contraseña de Tallyworth",
    lead: "Recibimos una solicitud para restablecer la contraseña de tu cuenta de Tallyworth ({{email}}).",
    action: "Elegir una contraseña nueva",
    advice: "Si no fuiste tú, ignora este mensaje: tu contraseña sigue igual y nadie puede cambiarla sin este enlace.",
  },
  passwordChanged: {
    subject: "Se cambió tu contraseña de Tallyworth",
    lead: "Se acaba de cambiar la contraseña de tu cuenta de Tallyworth ({{email}}). Se cerró la sesión en todos los navegadores y apps.",
    action: "Restablecer tu contraseña",
    advice: "Si no fuiste tú, restablece tu contraseña ahora con el enlace de arriba y avisa a tu administrador.",
  },
  verify: {
    subject: "Confirma tu correo electrónico en Tallyworth",
    lead: "Creaste una cuenta de Tallyworth con esta dirección. Confirma que es tuya:",
    action: "Confirmar mi dirección",
    advice: "Si no fuiste tú, puedes ignorar este mensaje: nada cambia sin el enlace.",
  },
  change: {
    subject: "Confirma tu nuevo correo electrónico en Tallyworth",
    lead: "Pediste cambiar la dirección de tu cuenta de Tallyworth a {{email}}. Confirma la nueva dirección:",
    keeps: "Hasta que la confirmes, sigues iniciando sesión con {{oldEmail}}.",
    action: "Confirmar mi nueva dirección",
    advice: "Si no fuiste tú, puedes ignorar este mensaje: nada cambia sin el enlace.",
  },
  oldNotice: {
    subject: "Se está cambiando tu correo electrónico en Tallyworth",
    lead: "Alguien con sesión iniciada en tu cuenta de Tallyworth pidió cambiar su dirección a {{email}}.",
    keeps: "Tu dirección sigue siendo {{oldEmail}} hasta que se confirme la nueva con el enlace que le enviamos, válido durante 7 días.",
    action: "Abrir mi perfil",
    advice: "Si no fuiste tú, inicia sesión y cambia tu contraseña ahora; luego revisa tu perfil.",
  },
} satisfies Messages<typeof en>;
