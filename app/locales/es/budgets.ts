import type { budgets as en } from "../en/budgets";
import type { Messages } from "..";

export const budgets = {
  metaTitle: "Presupuestos y metas",
  messages: {
    created: "¡Presupuesto creado con éxito!",
    updated: "¡Presupuesto actualizado con éxito!",
    deleted: "¡Presupuesto eliminado con éxito!",
    copied_one: "Se copió {{count}} presupuesto de {{month}}",
    copied_other: "Se copiaron {{count}} presupuestos de {{month}}",
    copiedNone: "Nada que copiar: {{month}} no tiene presupuestos que falten en este mes",
    goalCreated: "¡Meta de ahorro creada con éxito!",
    goalUpdated: "¡Meta de ahorro actualizada con éxito!",
    goalDeleted: "¡Meta de ahorro eliminada con éxito!",
    goalProgress: "Progreso registrado",
  },
} satisfies Messages<typeof en>;
