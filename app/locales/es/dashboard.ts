import type { Messages } from "..";
import type { dashboard as en } from "../en/dashboard";

export const dashboard = {
  metaTitle: "Panel",
  greeting: "¡Hola de nuevo, {{name}}!",
  greetingFirst: "¡Te damos la bienvenida, {{name}}!",
  overview: "Este es tu resumen de {{month}}.",
  memberSince: "Miembro desde {{date}}",
  profileButton: "Perfil",
  money: {
    title: "Este mes en USD",
    income: "Ingresos",
    expenses: "Gastos",
    net: "Balance neto",
    period: "{{month}}, en USD",
    otherCurrencies: "Incluye {{codes}}",
    change: "{{difference}} ({{percent}}) frente al mes pasado",
  },
  byCurrency: {
    title: "Transacciones por moneda",
    subtitle: "Este mes, en cada moneda y en USD",
  },
  recent: {
    title: "Transacciones recientes",
    viewAll: "Ver todas",
    date: "Fecha",
    description: "Descripción",
    category: "Categoría",
    currency: "Moneda",
    amount: "Monto",
    uncategorized: "Sin categoría",
    multi: "Varios pagos ({{count}})",
    paidIn: "Por moneda",
    emptyTitle: "Aún no hay transacciones",
    emptyText: "Registra tu primer ingreso o gasto para verlo aquí.",
    emptyAction: "Agrega tu primera transacción",
  },
  quick: {
    title: "Acciones rápidas",
    newTransaction: "Nueva transacción",
    viewAll: "Ver todas las transacciones",
    reports: "Informes",
    budgets: "Presupuestos y metas",
  },
} satisfies Messages<typeof en>;
