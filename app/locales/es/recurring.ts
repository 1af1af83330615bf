import type { recurring as en } from "../en/recurring";
import type { Messages } from "..";

export const recurring = {
  validation: {
    frequencyInvalid: "Elige la frecuencia: diaria, semanal, mensual o anual",
    intervalRange: "Repite cada 1 a 365 días, semanas, meses o años",
    occurrenceLimitRange: "El número de veces es un número entero de 1 a 10.000",
    endBeforeStart: "La fecha de fin no puede ser anterior a la de inicio",
    endOrCount: "Indica una fecha de fin o un número de veces, no ambos",
    notAnOccurrence: "Esta transacción recurrente no tiene ninguna repetición en esa fecha",
    alreadyPosted: "Esa repetición ya está registrada",
    nothingLeft: "A esta transacción recurrente no le quedan repeticiones",
  },
  needsRate: "Falta una tasa de {{currency}} para el {{date}}",
  messages: {
    created: "Transacción recurrente creada",
    updated: "Transacción recurrente actualizada",
    deleted: "Transacción recurrente eliminada",
    skipped: "Repetición omitida",
    posted: "Repetición registrada",
    paused: "Transacción recurrente en pausa",
    resumed: "Transacción recurrente reanudada",
  },
} satisfies Messages<typeof en>;
