import type { Messages } from "..";
import type { dashboard as en } from "../en/dashboard";

export const dashboard = {
  metaTitle: "Panel",
  greeting: "¡Bienvenido de nuevo, {{name}}!",
  overview: "Este es tu resumen de {{month}}.",
  memberSince: "Miembro desde {{date}}",
  profileButton: "Perfil",
  quick: {
    title: "Acciones rápidas",
    newTransaction: "Nueva transacción",
    viewAll: "Ver todas las transacciones",
    reports: "Informes",
    budgets: "Presupuestos y metas",
  },
} satisfies Messages<typeof en>;
